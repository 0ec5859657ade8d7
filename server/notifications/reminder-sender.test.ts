import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { intentionsTable } from '../intentions/intentions.table'
import { reminderSettingsTable } from '../prayer-list/prayer-list.table'
import { sendDueReminders } from './reminder-sender'

// Issue 20: the reminder job sends one reminder per member and slot however many processes
// race for the minute, says how many requests wait, and stays silent once all are prayed.

let t: TestApp
let otherProcess: TestApp
let clock = new Date('2026-11-25T05:00:00Z') // Wednesday, 06:00 in Rome
let ann: string
let bea: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  otherProcess = await createTestApp({ database: t.database, now: () => clock })
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)])
  ;[ann, bea] = (await Promise.all([signIn(t.app, a), signIn(t.app, b)])) as [string, string]
})
afterAll(async () => {
  await otherProcess.close()
  await t.close()
})

const reminders = async (cookie: string) =>
  (await call(t.app, cookie, 'GET', '/api/notifications?limit=50'))
    .json<{
      items: { type: string; title: string; message: string | null }[]
    }>()
    .items.filter((item) => item.type === 'PrayerReminder')

describe('prayer-list reminders', () => {
  it('sends once per member and slot across two racing processes, then stops once all is prayed', async () => {
    const first = await postIntention(t.app, ann)
    const second = await postIntention(t.app, ann, {
      title: 'Pray for our village school this winter',
    })
    await call(t.app, bea, 'PUT', `/api/v1/prayer-list/${first.intention_id}`)
    clock = new Date('2026-11-25T05:01:00Z')
    await call(t.app, bea, 'PUT', `/api/v1/prayer-list/${second.intention_id}`)
    const put = await call(t.app, bea, 'PUT', '/api/v1/users/me/reminders', {
      time_zone: 'Europe/Rome',
      slots: [{ days: [1, 2, 3, 4, 5, 6, 7], time: '07:00' }],
    })
    expect(put.statusCode).toBe(200)

    const notifier = t.app.notifier
    // Nothing before 07:00 in Rome.
    expect(await sendDueReminders(notifier, new Date('2026-11-25T05:59:00Z'))).toBe(0)
    // Two processes (two apps on the one database) hand out the same minute at once: one
    // reminder.
    clock = new Date('2026-11-25T06:01:00Z')
    const sent = await Promise.all([
      sendDueReminders(notifier, clock),
      sendDueReminders(otherProcess.app.notifier, clock),
    ])
    expect(sent[0] + sent[1]).toBe(1)
    const [reminder, ...more] = await reminders(bea)
    expect(more).toEqual([])
    expect(reminder).toMatchObject({
      title: '2 requests on your prayer list are waiting',
      message: first.title,
    })
    expect(await reminders(ann)).toEqual([])

    // Prayed through the whole list: the next morning’s reminder still comes (new day) …
    await call(t.app, bea, 'POST', `/api/v1/intentions/${first.intention_id}/pray`)
    await call(t.app, bea, 'POST', `/api/v1/intentions/${second.intention_id}/pray`)
    // … but a snooze within the same day finds nothing waiting and sends nothing.
    expect((await call(t.app, bea, 'POST', '/api/v1/users/me/reminders/snooze')).statusCode).toBe(
      200,
    )
    clock = new Date('2026-11-25T07:02:00Z')
    expect(await sendDueReminders(notifier, clock)).toBe(0)
    expect(await reminders(bea)).toHaveLength(1)
    clock = new Date('2026-11-26T06:01:00Z')
    expect(await sendDueReminders(notifier, clock)).toBe(1)
  })

  it('"Not today" holds the rest of the day back and the next day’s reminder comes', async () => {
    const [carl] = [await createUser(t.db)]
    const cookie = await signIn(t.app, carl)
    clock = new Date('2026-11-27T12:00:00Z') // Friday, 13:00 in Rome
    const { intention_id: id } = await postIntention(t.app, ann, {
      title: 'Pray for the night nurses on our ward',
    })
    await call(t.app, cookie, 'PUT', `/api/v1/prayer-list/${id}`)
    await call(t.app, cookie, 'PUT', '/api/v1/users/me/reminders', {
      time_zone: 'Europe/Rome',
      slots: [{ days: [1, 2, 3, 4, 5, 6, 7], time: '18:00' }],
    })
    const skipped = await call(t.app, cookie, 'POST', '/api/v1/users/me/reminders/skip-today')
    expect(skipped.statusCode).toBe(200)
    // The next one is Saturday's 18:00 in Rome (17:00 UTC, plus the member's second).
    expect(skipped.json<{ next_reminder_at: string }>().next_reminder_at).toMatch(
      /^2026-11-28T17:00:/,
    )
    clock = new Date('2026-11-27T17:01:00Z')
    expect(await sendDueReminders(t.app.notifier, clock)).toBe(0)
    expect(await reminders(cookie)).toEqual([])
    clock = new Date('2026-11-28T17:01:00Z')
    expect(await sendDueReminders(t.app.notifier, clock)).toBe(1)
    expect(await reminders(cookie)).toHaveLength(1)
  })

  it('counts and quotes only what the list still shows: not a removed request, nor one of a group the member left', async () => {
    const [eve, dee] = [await createUser(t.db), await createUser(t.db)]
    const [eveCookie, deeCookie] = [await signIn(t.app, eve), await signIn(t.app, dee)]
    const group = await insertGroup(t.db, [eve.id, dee.id])
    clock = new Date('2026-11-29T12:00:00Z') // Sunday, 13:00 in Rome
    const private_ = await postIntention(t.app, eveCookie, {
      title: 'Pray for my sister, only this circle knows',
      destination: 'private_group',
      group_id: group.id,
    })
    const removed = await postIntention(t.app, eveCookie, {
      title: 'A request a moderator took down',
    })
    const open = await postIntention(t.app, eveCookie, {
      title: 'Pray for rain on our valley farms',
    })
    for (const { intention_id: id } of [private_, removed, open]) {
      clock = new Date(clock.getTime() + 1000)
      await call(t.app, deeCookie, 'PUT', `/api/v1/prayer-list/${id}`)
    }
    await call(t.app, deeCookie, 'DELETE', `/api/v1/groups/${group.id}/members/me`)
    await t.db
      .update(intentionsTable)
      .set({ removedAt: clock })
      .where(eq(intentionsTable.id, removed.intention_id))
    await call(t.app, deeCookie, 'PUT', '/api/v1/users/me/reminders', {
      time_zone: 'Europe/Rome',
      slots: [{ days: [1, 2, 3, 4, 5, 6, 7], time: '18:00' }],
    })
    clock = new Date('2026-11-29T17:01:00Z')
    await sendDueReminders(t.app.notifier, clock)
    const [reminder, ...more] = await reminders(deeCookie)
    expect(more).toEqual([])
    expect(reminder).toMatchObject({
      title: '1 request on your prayer list is waiting',
      message: open.title,
    })
  })

  it('sends and moves on a reminder whose instant is stored finer than a millisecond', async () => {
    const cara = await createUser(t.db)
    const cookie = await signIn(t.app, cara)
    const { intention_id: id } = await postIntention(t.app, ann, { title: 'Pray for rain on our dry fields this week' })
    await call(t.app, cookie, 'PUT', `/api/v1/prayer-list/${id}`)
    await call(t.app, cookie, 'PUT', '/api/v1/users/me/reminders', {
      time_zone: 'Europe/Rome',
      slots: [{ days: [1, 2, 3, 4, 5, 6, 7], time: '07:00' }],
    })
    // Written by SQL with microseconds, as an operator's script or a seed might.
    const due = sql.raw(`timestamptz '2026-11-27T05:00:00.123456Z'`)
    await t.db
      .update(reminderSettingsTable)
      .set({ nextReminderAt: sql`${due}` })
      .where(eq(reminderSettingsTable.userId, cara.id))
    clock = new Date('2026-11-27T05:00:05Z')
    expect(await sendDueReminders(t.app.notifier, clock)).toBe(1)
    const [row] = await t.db
      .select()
      .from(reminderSettingsTable)
      .where(eq(reminderSettingsTable.userId, cara.id))
    expect(row!.nextReminderAt!.getTime()).toBeGreaterThan(clock.getTime())
    expect(await sendDueReminders(t.app.notifier, clock)).toBe(0)
  })
})
