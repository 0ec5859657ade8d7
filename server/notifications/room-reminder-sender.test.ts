import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { insertGroup } from '../../tests/helpers/wall'
import { groupMembersTable } from '../groups/groups.table'
import { roomRemindersJob } from './room-reminders.job'
import { sendRoomReminders } from './room-reminder-sender'

// Issue 21: "Remind me" sends one notification (in-app, and so Web Push) 10 minutes before each
// session, however many processes run the window, and only to members who may still come.

let t: TestApp
const clock = new Date('2026-11-25T17:00:00Z')

// The first app of a worker imports and migrates: under a busy machine that takes over 30 s.
beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
}, 60_000)
afterAll(() => t.close())

const roomReminders = async (cookie: string) =>
  (await call(t.app, cookie, 'GET', '/api/notifications?limit=50'))
    .json<{ items: { type: string; title: string; data: Record<string, unknown> | null }[] }>()
    .items.filter((item) => item.type === 'RoomReminder')

describe('room reminders', () => {
  it('remind once per member and session, 10 minutes before, weekly rooms every time', async () => {
    const [leader, ann, bea, cy] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ])
    const [leaderCookie, annCookie, beaCookie, cyCookie] = await Promise.all([
      signIn(t.app, leader),
      signIn(t.app, ann),
      signIn(t.app, bea),
      signIn(t.app, cy),
    ])
    const group = await insertGroup(t.db, [leader.id, ann.id, cy.id])
    const created = await call(t.app, leaderCookie, 'POST', '/api/v1/rooms', {
      name: 'Friday vespers',
      description: 'Evening prayer together.',
      group_id: group.id,
      // Wednesday 18:00 UTC, and every Wednesday and Friday after.
      starts_at: '2026-11-25T18:00:00Z',
      duration_minutes: 30,
      repeat: { days: [3, 5], time_zone: 'UTC' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const roomId = created.json().room_id as string
    for (const cookie of [annCookie, cyCookie])
      expect(
        (await call(t.app, cookie, 'PUT', `/api/v1/rooms/${roomId}/reminder`)).statusCode,
      ).toBe(204)
    // Cy leaves the group: no more reminders for a room they can no longer open.
    await t.db
      .delete(groupMembersTable)
      .where(and(eq(groupMembersTable.groupId, group.id), eq(groupMembersTable.userId, cy.id)))

    const notifier = t.app.notifier
    // The window ending before 17:50 finds nothing; the one holding 17:50 reminds Ann, once
    // however many times it runs.
    expect(
      await sendRoomReminders(
        notifier,
        new Date('2026-11-25T17:49:00Z'),
        new Date('2026-11-25T17:50:00Z'),
      ),
    ).toBe(0)
    const job = roomRemindersJob(notifier)
    const period = job.periodDue(new Date('2026-11-25T17:50:10Z'))!
    await Promise.all([job.run(period, clock), job.run(period, clock)])
    expect(await roomReminders(annCookie)).toEqual([
      expect.objectContaining({
        title: 'Friday vespers starts in 10 minutes',
        data: expect.objectContaining({ roomId, startsAt: '2026-11-25T18:00:00.000Z' }),
      }),
    ])
    expect(await roomReminders(beaCookie)).toEqual([])
    expect(await roomReminders(cyCookie)).toEqual([])

    // Friday's session: a new reminder.
    expect(
      await sendRoomReminders(
        notifier,
        new Date('2026-11-27T17:50:00Z'),
        new Date('2026-11-27T17:50:30Z'),
      ),
    ).toBe(1)
    expect(await roomReminders(annCookie)).toHaveLength(2)
  })
})
