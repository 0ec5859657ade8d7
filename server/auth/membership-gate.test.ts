import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { call } from '../../tests/helpers/call'
import { poolOfAnotherProcess } from '../../tests/helpers/test-db'
import { intentionInput, postIntention } from '../../tests/helpers/wall'
import type { DatabaseHandle } from '../db/client'
import { prayersTable } from '../intentions/reactions.table'
import { person, type Person } from '../../tests/helpers/moderation-api'
import { approve, pendingPerson } from '../../tests/helpers/pending-members-api'

// Issue 38, join = "approval": until a moderator approves them, a member's calls other than
// sign-out, their profile and the community's read answer 403 membership_pending, whatever the
// route (the session plugin's allow-list), the hub's and the sync batch's included.

let t: TestApp
let moderator: Person
let intentionId: string

beforeAll(async () => {
  t = await createTestApp()
  moderator = await person(t.app, ['member', 'moderator'])
  intentionId = (await postIntention(t.app, moderator.cookie)).intention_id
})
afterAll(() => t.close())

const PENDING = {
  type: 'urn:problem:membership_pending',
  title: 'membership_pending',
  status: 403,
}

// A sample across capabilities: the wall, comments, testimonies, groups, notifications,
// prayer list, rooms, settings, moderation, the hub's negotiate and the sync batch.
const gated = () =>
  [
    ['GET', '/api/v1/intentions'],
    ['POST', '/api/v1/intentions', intentionInput()],
    ['POST', `/api/v1/intentions/${intentionId}/pray`],
    ['GET', `/api/v1/intentions/${intentionId}/comments`],
    ['GET', '/api/v1/testimonies'],
    ['GET', '/api/v1/groups/mine'],
    ['GET', '/api/notifications'],
    ['GET', '/api/v1/prayer-list'],
    ['GET', '/api/v1/rooms'],
    ['GET', '/api/v1/users/me/notification-settings'],
    ['GET', '/api/v1/moderation/members/pending'],
    ['POST', '/hub/notifications/negotiate?negotiateVersion=1'],
    [
      'POST',
      '/api/v1/sync',
      {
        entries: [
          { key: randomUUID(), method: 'POST', path: `/api/v1/intentions/${intentionId}/pray` },
        ],
      },
    ],
  ] as const

describe('a member waiting for approval', () => {
  it('is refused every call but sign-out, their profile and the community, until approved', async () => {
    const member = await pendingPerson(t.app, { hasProfile: false })

    for (const [method, url, body] of gated()) {
      const response = await call(t.app, member.cookie, method, url, body)
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(response.json(), `${method} ${url}`).toMatchObject(PENDING)
    }
    // The refused batch applied nothing.
    const prayers = await t.db.select().from(prayersTable).where(eq(prayersTable.userId, member.id))
    expect(prayers).toEqual([])

    // Onboarding, the profile, the session and the community's read stay open.
    const session = await call(t.app, member.cookie, 'GET', '/auth/session')
    expect(session.json()).toEqual({ isAuthenticated: true, hasProfile: false, isPending: true })
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/users/me/')).statusCode).toBe(200)
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/users/display-name')).statusCode).toBe(
      200,
    )
    const onboarded = await call(t.app, member.cookie, 'POST', '/api/v1/users/profile', {
      first_name: 'Ruth',
      last_name: 'Moabite',
      email: member.email,
      country_iso2: 'GB',
      gender: 'female',
      birth_month: 3,
      birth_day: 9,
    })
    expect(onboarded.statusCode, onboarded.body).toBe(200)
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/community')).statusCode).toBe(200)
    expect((await call(t.app, member.cookie, 'GET', '/auth/session')).json()).toEqual({
      isAuthenticated: true,
      hasProfile: true,
      isPending: true,
    })

    expect((await approve(t.app, moderator.cookie, member.id)).statusCode).toBe(200)
    for (const [method, url, body] of gated()) {
      if (url === '/api/v1/moderation/members/pending') continue
      const response = await call(t.app, member.cookie, method, url, body)
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300)
    }
    expect((await call(t.app, member.cookie, 'GET', '/auth/session')).json()).toMatchObject({
      isPending: false,
    })
  })

  it('signs out', async () => {
    const member = await pendingPerson(t.app)
    expect((await call(t.app, member.cookie, 'POST', '/auth/logout')).statusCode).toBe(204)
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/users/me')).statusCode).toBe(401)
  })

  it('is not what an approved or ordinary member meets', async () => {
    const member = await person(t.app)
    expect((await call(t.app, member.cookie, 'GET', '/api/v1/intentions')).statusCode).toBe(200)
    expect((await call(t.app, member.cookie, 'GET', '/auth/session')).json()).toMatchObject({
      isPending: false,
    })
  })
})

// Two processes on one database, each with its own session cache (on PostgreSQL B has its own
// pool, as another process would): an approval on A is honoured on B within a second.
describe('an approval on another process', () => {
  let other: DatabaseHandle
  let b: TestApp
  beforeAll(async () => {
    other = await poolOfAnotherProcess(t.database)
    b = await createTestApp({ database: other })
  })
  afterAll(async () => {
    await b.close()
    if (other !== t.database) await other.close()
  })

  it('lets the member in there at once', async () => {
    const member = await pendingPerson(t.app)
    // B has read and cached the pending session.
    const before = await call(b.app, member.cookie, 'GET', '/api/v1/intentions')
    expect(before.statusCode).toBe(403)
    expect((await call(b.app, member.cookie, 'GET', '/api/v1/intentions')).statusCode).toBe(403)

    expect((await approve(t.app, moderator.cookie, member.id)).statusCode).toBe(200)
    await expect
      .poll(
        async () => (await call(b.app, member.cookie, 'GET', '/api/v1/intentions')).statusCode,
        {
          timeout: 1_000,
          interval: 50,
        },
      )
      .toBe(200)
  })
})
