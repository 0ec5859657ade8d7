import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMUNITY_MESSAGES } from '@contract/community'
import { ANONYMOUS_AUTHOR_NAME } from '@contract/intentions'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { intentionInput, postIntention } from '../../tests/helpers/wall'
import { sendBatch } from '../sync/testing/sync-world'
import { testimonyInput } from '../../tests/helpers/testimonies-api'

// Issue 38's anonymous_posting: forbidden, a new anonymous request or testimony is a 400 naming
// the field with nothing saved, by a single call or through the sync batch; what was posted
// anonymously before stays anonymous, edits included.
let t: TestApp
let admin: string
let author: string
let reader: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
  author = await signIn(t.app, await createUser(t.db, { displayName: 'Author Anne' }))
  reader = await signIn(t.app, await createUser(t.db))
})
afterAll(() => t.close())

const allowAnonymous = async (allowed: boolean) => {
  const saved = await call(t.app, admin, 'PUT', '/api/v1/admin/community', {
    anonymous_posting: allowed,
  })
  expect(saved.statusCode, saved.body).toBe(200)
}
const refusal = (field: string) => ({
  status: 400,
  title: 'validation_error',
  errors: [{ field, message: COMMUNITY_MESSAGES.anonymousPostingOff }],
})
const wallTitles = async () =>
  (await call(t.app, reader, 'GET', '/api/v1/intentions'))
    .json()
    .items.map((item: { title: string }) => item.title)

describe('anonymous posting forbidden', () => {
  it('refuses new anonymous posts, keeps the old ones anonymous, and allows them again', async () => {
    const before = await postIntention(t.app, author, {
      title: 'A quiet prayer I asked before the rule changed',
      identity_mode: 'anonymous',
    })
    await allowAnonymous(false)

    const title = 'Please pray for my brother who is lost'
    const refused = await call(t.app, author, 'POST', '/api/v1/intentions', {
      ...intentionInput({ title, identity_mode: 'anonymous' }),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject(refusal('identity_mode'))
    const batch = await sendBatch(t.app, author, [
      {
        key: 'anonymous-batch',
        method: 'POST',
        path: '/api/v1/intentions',
        body: intentionInput({ title, identity_mode: 'anonymous' }),
      },
    ])
    expect(batch.json().results[0]).toMatchObject({ status: 400, body: refusal('identity_mode') })
    const testimony = await call(t.app, author, 'POST', '/api/v1/testimonies', {
      ...testimonyInput(),
      visibility: 'anonymous',
    })
    expect(testimony.json()).toMatchObject(refusal('visibility'))
    expect(await wallTitles()).not.toContain(title)
    const testimonies = (await call(t.app, reader, 'GET', '/api/v1/testimonies')).json()
    expect(testimonies.items).toEqual([])

    // Under the display name it goes through; the earlier anonymous post stays anonymous.
    await postIntention(t.app, author, { title })
    const edited = await call(t.app, author, 'PATCH', `/api/v1/intentions/${before.intention_id}`, {
      title: before.title,
      details: `${before.details} Thank you all.`,
      tags: before.tags,
      expected_updated_at: before.updated_at,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const old = (
      await call(t.app, reader, 'GET', `/api/v1/intentions/${before.intention_id}`)
    ).json()
    expect(old).toMatchObject({
      identity_mode: 'anonymous',
      author_display_name: ANONYMOUS_AUTHOR_NAME,
    })
    expect(JSON.stringify(old)).not.toContain('Author Anne')

    await allowAnonymous(true)
    await postIntention(t.app, author, { title: 'Anonymous again, now that it is allowed', identity_mode: 'anonymous' })
  })
})
