import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { postIntention } from '../../tests/helpers/wall'
import { rowsOf, write } from '../../tests/helpers/notifications-api'
import { recordDuePeriod } from '../events/scheduled-jobs'
import { lastWeek, summaryMessage, WEEKLY_SUMMARY_JOB, weekStart } from './weekly-summary.job'

// The weekly digest runs once per week across processes: two apps on ONE database race for it.
const job = { name: WEEKLY_SUMMARY_JOB, periodDue: lastWeek }
let clock = new Date('2026-11-18T10:00:00Z') // a Wednesday
let first: TestApp
let second: TestApp
let author: TestUser
const prayers: TestUser[] = []

beforeAll(async () => {
  first = await createTestApp({ now: () => clock })
  second = await createTestApp({ now: () => clock, database: first.database })
  author = await createUser(first.db)
  const authorCookie = await signIn(first.app, author)
  const { intention_id: id } = await postIntention(first.app, authorCookie)
  for (let i = 0; i < 3; i++) {
    const user = await createUser(first.db)
    prayers.push(user)
    await write(first.app, await signIn(first.app, user), 'POST', `/api/v1/intentions/${id}/pray`)
  }
  await write(first.app, authorCookie, 'PATCH', `/api/v1/intentions/${id}/status`, {
    status: 'answered',
  })
})
afterAll(async () => {
  await second.close()
  await first.close()
})

describe('the weekly summary', () => {
  it('starts weeks on Monday, UTC', () => {
    expect(weekStart(new Date('2026-11-22T23:59:00Z')).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    )
    expect(weekStart(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    )
  })

  it('runs exactly once for last week however many processes try', async () => {
    clock = new Date('2026-11-23T09:00:00Z') // the next Monday
    const runs = await Promise.all([
      recordDuePeriod(first.db, job, clock),
      recordDuePeriod(second.db, job, clock),
      recordDuePeriod(first.db, job, clock),
    ])
    expect(runs.filter(Boolean)).toHaveLength(1)
    // Both processes' dispatchers are running: the week is delivered by one of them, once.
    await Promise.all([first.app.events.drain(), second.app.events.drain()])
    const [digest, ...more] = await rowsOf(first.db, author.id, 'WeeklySummary')
    expect(more).toHaveLength(0)
    expect(digest!.message).toBe('This week 3 people prayed for your intentions.')
    for (const user of prayers) {
      const rows = await rowsOf(first.db, user.id, 'WeeklySummary')
      expect(rows.map((row) => row.message)).toEqual([
        'This week 1 prayer you prayed for was answered.',
      ])
    }
    clock = new Date('2026-11-25T09:00:00Z')
    expect(await recordDuePeriod(second.db, job, clock)).toBe(false)
  })

  it('words both halves together', () => {
    expect(summaryMessage(12, 3)).toBe(
      'This week 12 people prayed for your intentions and 3 prayers you prayed for were answered.',
    )
  })
})
