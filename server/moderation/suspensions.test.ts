import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { intentionInput, postIntention } from '../../tests/helpers/wall'
import { testimonyInput } from '../../tests/helpers/testimonies-api'
import { call, person, type Person } from '../../tests/helpers/moderation-api'

// Issue 8: a suspended member reads but cannot write (403 `suspended`, saying until when),
// until the suspension ends by itself or a moderator lifts it.

let clock = new Date('2026-11-22T12:00:00.000Z')
let t: TestApp
let member: Person
let moderator: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  member = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
  admin = await person(t.app, ['member', 'admin'])
})
afterAll(() => t.close())

const suspend = (by: Person, userId: string, days: number) =>
  call(t.app, by.cookie, 'POST', `/api/v1/moderation/users/${userId}/suspension`, {
    days,
    reason: 'Repeated harassment in comments',
  })

describe('suspensions', () => {
  it('refuses writes with a dated message, keeps reads open, and ends on time', async () => {
    const { intention_id: id } = await postIntention(t.app, member.cookie)
    expect((await suspend(moderator, member.id, 7)).statusCode).toBe(204)

    const post = await call(t.app, member.cookie, 'POST', '/api/v1/intentions', intentionInput())
    expect(post.statusCode).toBe(403)
    expect(post.json()).toMatchObject({
      title: 'suspended',
      detail:
        'Your account is suspended until 29 November 2026 at 12:00 UTC, so you can read but cannot post or respond until then.',
    })
    const comment = await call(t.app, member.cookie, 'POST', `/api/v1/intentions/${id}/comments`, {
      content: 'Thank you all',
    })
    expect(comment.json().title).toBe('suspended')
    const testimony = await call(
      t.app,
      member.cookie,
      'POST',
      '/api/v1/testimonies',
      testimonyInput(),
    )
    expect(testimony.json().title).toBe('suspended')
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/intentions')).statusCode).toBe(200)
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/testimonies')).statusCode).toBe(200)

    clock = new Date(clock.getTime() + 7 * 86_400_000 + 1000)
    const later = await call(t.app, member.cookie, 'POST', '/api/v1/intentions', intentionInput())
    expect(later.statusCode, later.body).toBe(201)
  })

  it('can be lifted early, and shows in the author history of the queue', async () => {
    const other = await person(t.app)
    expect((await suspend(moderator, other.id, 30)).statusCode).toBe(204)
    const users = await call(
      t.app,
      admin.cookie,
      'GET',
      `/api/v1/admin/users?search=${other.displayName}`,
    )
    expect(users.json().items[0].suspendedUntil).not.toBeNull()
    const lift = await call(
      t.app,
      moderator.cookie,
      'DELETE',
      `/api/v1/moderation/users/${other.id}/suspension`,
    )
    expect(lift.statusCode).toBe(204)
    const post = await call(t.app, other.cookie, 'POST', '/api/v1/intentions', intentionInput())
    expect(post.statusCode).toBe(201)
  })

  it('keeps moderators from suspending themselves or each other; an admin may', async () => {
    const peer = await person(t.app, ['member', 'moderator'])
    expect((await suspend(moderator, moderator.id, 1)).statusCode).toBe(403)
    expect((await suspend(moderator, peer.id, 1)).statusCode).toBe(403)
    expect((await suspend(admin, peer.id, 1)).statusCode).toBe(204)
    for (const days of [0, 366, 1.5])
      expect((await suspend(admin, member.id, days)).statusCode).toBe(400)
    expect((await suspend(admin, '0190aaaa-0000-7000-8000-000000000000', 1)).statusCode).toBe(404)
  })
})
