import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { recordDuePeriod } from '../events/scheduled-jobs'
import { listFor, rowsOf } from '../../tests/helpers/notifications-api'
import { AUTO_CLOSE_JOB, autoCloseDay, closeOldRequests } from './auto-close.job'

// Issue 38's auto_close_days on two processes sharing one database: each request left open too
// long is closed once, its author alone is told (an anonymous one stays anonymous), and the
// author reopens it as after a manual close.
const DAY_MS = 24 * 60 * 60 * 1000
const job = { name: AUTO_CLOSE_JOB, periodDue: autoCloseDay }
let clock = new Date('2026-09-01T10:00:00Z')
let first: TestApp
let second: TestApp
let author: TestUser & { cookie: string }
let friend: TestUser & { cookie: string }
const old: string[] = []
let fresh: string

beforeAll(async () => {
  first = await createTestApp({ now: () => clock })
  second = await createTestApp({ now: () => clock, database: first.database })
  const admin = await signIn(first.app, await createUser(first.db, { roles: ['member', 'admin'] }))
  const saved = await call(first.app, admin, 'PUT', '/api/v1/admin/community', {
    auto_close_days: 30,
  })
  expect(saved.statusCode, saved.body).toBe(200)
  const user = await createUser(first.db, { displayName: 'Hidden Hannah' })
  author = { ...user, cookie: await signIn(first.app, user) }
  const other = await createUser(first.db)
  friend = { ...other, cookie: await signIn(first.app, other) }
  for (const identity of ['display_name', 'anonymous'] as const) {
    const posted = await postIntention(first.app, author.cookie, {
      title: `An old request (${identity}) that nobody has touched for weeks`,
      identity_mode: identity,
    })
    old.push(posted.intention_id)
    await call(first.app, friend.cookie, 'POST', `/api/v1/intentions/${posted.intention_id}/pray`)
  }
  clock = new Date(clock.getTime() + 20 * DAY_MS)
  fresh = (await postIntention(first.app, author.cookie)).intention_id
  clock = new Date(clock.getTime() + 11 * DAY_MS) // the old ones are 31 days old, the new one 11
}, 60_000)
afterAll(async () => {
  await second.close()
  await first.close()
})

const statusOf = async (id: string) =>
  (await call(first.app, author.cookie, 'GET', `/api/v1/intentions/${id}`)).json().status

describe('closing requests left open', () => {
  it('closes each old request once however many processes run, and tells its author alone', async () => {
    const runs = await Promise.all([
      recordDuePeriod(first.db, job, clock),
      recordDuePeriod(second.db, job, clock),
    ])
    expect(runs.filter(Boolean)).toHaveLength(1)
    await Promise.all([first.app.events.drain(), second.app.events.drain()])
    // The same run again, on both at once, finds nothing more to close.
    const again = await Promise.all([
      closeOldRequests(first.db, 30, clock),
      closeOldRequests(second.db, 30, clock),
    ])
    expect(again).toEqual([0, 0])
    await Promise.all([first.app.events.drain(), second.app.events.drain()])

    expect(await Promise.all(old.map(statusOf))).toEqual(['released_in_peace', 'released_in_peace'])
    expect(await statusOf(fresh)).toBe('active')
    const told = await rowsOf(first.db, author.id, 'IntentionAutoClosed')
    expect(told.map((row) => row.sourceIntentionId).sort()).toEqual([...old].sort())
    expect(told[0]!.title).toBe('Your request was closed after 30 days. You can reopen it.')
    // Nobody else hears of it: it was nobody's choice, and no one learns who asked.
    expect(await rowsOf(first.db, friend.id, 'IntentionAutoClosed')).toEqual([])
    expect(await rowsOf(first.db, friend.id, 'IntentionResolved')).toEqual([])
    const list = JSON.stringify(await listFor(first.app, author.cookie))
    expect(list).not.toContain('Hidden Hannah')
    const reader = await signIn(first.app, friend) // a month on: a new session
    const anonymous = (await call(first.app, reader, 'GET', `/api/v1/intentions/${old[1]}`)).json()
    expect(anonymous, JSON.stringify(anonymous)).toMatchObject({ author_display_name: 'Anonymous' })
  })

  it('lets the author reopen, and the reopened request gets its full time again', async () => {
    const reopened = await call(
      first.app,
      author.cookie,
      'PATCH',
      `/api/v1/intentions/${old[0]}/status`,
      {
        status: 'active',
      },
    )
    expect(reopened.statusCode, reopened.body).toBe(200)
    clock = new Date(clock.getTime() + 2 * DAY_MS)
    expect(await closeOldRequests(second.db, 30, clock)).toBe(0)
    expect(await statusOf(old[0]!)).toBe('active')
    clock = new Date(clock.getTime() + 29 * DAY_MS)
    // Now the reopened one and the one posted 42 days ago are both past their 30 days.
    expect(await closeOldRequests(second.db, 30, clock)).toBe(2)
  })
})
