import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { intentionInput } from '../../tests/helpers/wall'
import { call, person, type Person } from '../../tests/helpers/moderation-api'

// Issue 8: moderators add and remove blocked words and phrases; the next write follows the
// new list, without a restart, and a restarted server loads it from the database.

let t: TestApp
let member: Person
let moderator: Person

beforeAll(async () => {
  t = await createTestApp()
  member = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
})
afterAll(() => t.close())

const post = (app = t.app) =>
  call(
    app,
    member.cookie,
    'POST',
    '/api/v1/intentions',
    intentionInput({ title: 'Pray for my Crypto Doubler plan' }),
  )

describe('blocklist', () => {
  it('rejects the next write with the phrase, and accepts it again once removed', async () => {
    expect((await post()).statusCode).toBe(201)
    const added = await call(t.app, moderator.cookie, 'POST', '/api/v1/moderation/blocklist', {
      phrase: '  Crypto DOUBLER ',
    })
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json().phrases).toEqual([
      { phrase: 'crypto doubler', addedBy: moderator.displayName, createdAt: expect.any(String) },
    ])

    const refused = await post()
    expect(refused.statusCode).toBe(422)
    expect(refused.json().title).toBe('content_policy')

    // A second server on the same database (a restart, or another process) loads the list.
    const restarted = await createTestApp({ database: t.database })
    try {
      expect((await post(restarted.app)).statusCode).toBe(422)
    } finally {
      await restarted.close()
    }

    const duplicate = await call(t.app, moderator.cookie, 'POST', '/api/v1/moderation/blocklist', {
      phrase: 'crypto doubler',
    })
    expect(duplicate.statusCode).toBe(409)
    const removed = await call(t.app, moderator.cookie, 'DELETE', '/api/v1/moderation/blocklist', {
      phrase: 'crypto doubler',
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().phrases).toEqual([])
    expect((await post()).statusCode).toBe(201)
    const gone = await call(
      t.app,
      moderator.cookie,
      'DELETE',
      '/api/v1/moderation/blocklist?phrase=crypto%20doubler',
    )
    expect(gone.statusCode, gone.body).toBe(404)
  })

  it('refuses an empty phrase', async () => {
    const empty = await call(t.app, moderator.cookie, 'POST', '/api/v1/moderation/blocklist', {
      phrase: '   ',
    })
    expect(empty.statusCode).toBe(400)
  })
})
