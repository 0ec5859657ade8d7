import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'

let t: TestApp
let cookie: string
let moderatorCookie: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await signIn(t.app, await createUser(t.db))
  moderatorCookie = await signIn(t.app, await createUser(t.db, { roles: ['member', 'moderator'] }))
})
afterAll(() => t.close())

const tags = async (query: string): Promise<string[]> =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/tags?${query}`, headers: { cookie } })).json()

describe('tags', () => {
  it('lists the most used first, searches by normalised prefix, and forgets removed prayers', async () => {
    await postIntention(t.app, cookie, { tags: ['Healing', 'hope'] })
    await postIntention(t.app, cookie, { tags: ['healing', 'health'] })
    await postIntention(t.app, cookie, { tags: ['healing', 'hope', 'heart'] })
    const removed = await postIntention(t.app, cookie, { tags: ['heartache'] })
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/intentions/${removed.intention_id}`,
      headers: { cookie: moderatorCookie },
    })

    expect(await tags('limit=2')).toEqual(['healing', 'hope'])
    expect(await tags('search=HEA&limit=8')).toEqual(['healing', 'health', 'heart'])
    expect(await tags('search=heart&limit=8')).toEqual(['heart'])
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tags?limit=11',
      headers: { cookie },
    })
    expect(tooMany.statusCode).toBe(400)
  })
})
