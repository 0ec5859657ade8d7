import { and, asc, eq, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm'
import { dayIn } from '@contract/prayer-list'
import { anyOf, arrayLiteral } from '../db/any-of'
import type { Database } from '../db/client'
import { groupMembersTable } from '../groups/groups.table'
import { intentionsTable } from '../intentions/intentions.table'
import { prayersTable } from '../intentions/reactions.table'
import type { NewNotification, Notifier } from './notifier'
import {
  prayerListEntriesTable,
  reminderSettingsTable,
  type ReminderSettingsRow,
} from '../prayer-list/prayer-list.table'
import { nextRemindersAt, secondOfMinute } from '../prayer-list/reminder-schedule'

/** A reminder more than this late (a process was down) is skipped, not sent hours after. */
const STALE_MS = 15 * 60 * 1000
const BATCH = 1000

type Waiting = { id: string; title: string; at: number }

/**
 * Each member's open listed requests not yet prayed today on their clock, longest waiting
 * first (never prayed first, then in the order added): one query for the whole batch. Only
 * what their list shows them (readPrayerList): a request removed by a moderator, held for
 * review (but to its author), or in a private group they left is neither counted nor quoted.
 */
async function waitingRequests(db: Database, members: ReminderSettingsRow[], now: Date) {
  const rows = await db
    .select({
      userId: prayerListEntriesTable.userId,
      id: intentionsTable.id,
      title: intentionsTable.title,
      prayedAt: max(prayersTable.createdAt),
    })
    .from(prayerListEntriesTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, prayerListEntriesTable.intentionId))
    .leftJoin(
      groupMembersTable,
      and(
        eq(groupMembersTable.groupId, intentionsTable.groupId),
        eq(groupMembersTable.userId, prayerListEntriesTable.userId),
      ),
    )
    .leftJoin(
      prayersTable,
      and(
        eq(prayersTable.intentionId, intentionsTable.id),
        eq(prayersTable.userId, prayerListEntriesTable.userId),
      ),
    )
    .where(
      and(
        // One parameter for the batch's members, not one each (drizzle builds each one).
        anyOf(
          prayerListEntriesTable.userId,
          members.map((member) => member.userId),
        ),
        eq(intentionsTable.status, 'active'),
        isNull(intentionsTable.removedAt),
        or(
          isNull(intentionsTable.heldAt),
          eq(intentionsTable.authorId, prayerListEntriesTable.userId),
        ),
        or(isNull(intentionsTable.groupId), isNotNull(groupMembersTable.userId)),
      ),
    )
    .groupBy(
      prayerListEntriesTable.userId,
      intentionsTable.id,
      intentionsTable.title,
      prayerListEntriesTable.addedAt,
    )
    .orderBy(asc(prayerListEntriesTable.addedAt))
  const zones = new Map(members.map((member) => [member.userId, member.timeZone]))
  // Today once per zone, not once per member (a minute's members mostly share a few zones).
  const todayIn = new Map<string, string>()
  for (const { timeZone } of members)
    if (!todayIn.has(timeZone)) todayIn.set(timeZone, dayIn(timeZone, now))
  const today = new Map(members.map((member) => [member.userId, todayIn.get(member.timeZone)]))
  const waiting = new Map<string, Waiting[]>()
  for (const row of rows) {
    // The driver may hand an aggregate back as text rather than a Date.
    const at = row.prayedAt ? new Date(row.prayedAt).getTime() : 0
    if (at !== 0 && dayIn(zones.get(row.userId)!, new Date(at)) === today.get(row.userId)) continue
    const list = waiting.get(row.userId) ?? []
    list.push({ id: row.id, title: row.title, at })
    waiting.set(row.userId, list)
  }
  for (const list of waiting.values()) list.sort((a, b) => a.at - b.at)
  return waiting
}

export function reminderTitle(waiting: number): string {
  return waiting === 1
    ? '1 request on your prayer list is waiting'
    : `${waiting} requests on your prayer list are waiting`
}

/**
 * Moves each due row on to its next instant, in one statement for the batch, only where it
 * still holds the instant this process read: the rows it moved are this process's to send.
 * Compared at the milliseconds a Date holds: an instant stored finer (written by SQL) would
 * otherwise never match, stay due, and be read again and again (bench:community's seed did).
 */
async function claim(db: Database, due: ReminderSettingsRow[]) {
  const slots = due.map((row) => row.nextReminderAt!)
  const next = nextRemindersAt(due.map((row, at) => ({ ...row, after: slots[at]! })))
  const moved = (await db.execute(sql`
    update ${reminderSettingsTable} as s
    set next_reminder_at = v.next
    from unnest(
      ${arrayLiteral(due.map((row) => row.userId))}::uuid[],
      ${arrayLiteral(slots.map((slot) => slot.toISOString()))}::timestamptz[],
      ${arrayLiteral(next.map((instant) => instant?.toISOString() ?? null))}::timestamptz[]
    ) as v(user_id, slot, next)
    where s.user_id = v.user_id and date_trunc('milliseconds', s.next_reminder_at) = v.slot
    returning s.user_id`)) as unknown as { rows: { user_id: string }[] }
  return new Set(moved.rows.map((row) => row.user_id))
}

/**
 * Sends every reminder due up to `upTo` (issue 20). Safe with several processes: each member's
 * due row moves on only where it still holds the instant this process read, and the
 * notification's dedupe key (`reminder:<slot>`) lets one send per member and slot through
 * however many race. None when the member has prayed through the whole list today.
 */
export async function sendDueReminders(notifier: Notifier, upTo: Date): Promise<number> {
  const { db } = notifier
  let sent = 0
  for (;;) {
    const due = await db
      .select()
      .from(reminderSettingsTable)
      .where(
        and(
          isNotNull(reminderSettingsTable.nextReminderAt),
          lte(reminderSettingsTable.nextReminderAt, upTo),
        ),
      )
      .orderBy(asc(reminderSettingsTable.nextReminderAt))
      .limit(BATCH)
    if (due.length === 0) return sent
    const moved = await claim(db, due)
    const claimed = due.filter(
      (row) => moved.has(row.userId) && upTo.getTime() - row.nextReminderAt!.getTime() <= STALE_MS,
    )
    if (claimed.length === 0) continue
    const waiting = await waitingRequests(db, claimed, upTo)
    const reminders = claimed.flatMap((row): NewNotification[] => {
      const list = waiting.get(row.userId)
      const first = list?.[0]
      if (!list || !first) return []
      const slotMinute = new Date(row.nextReminderAt!.getTime() - secondOfMinute(row.userId) * 1000)
      return [
        {
          userId: row.userId,
          type: 'PrayerReminder',
          title: reminderTitle(list.length),
          message: first.title,
          sourceIntentionId: first.id,
          data: { waiting: list.length, intentionId: first.id, url: '/prayerlist' },
          dedupeKey: `reminder:${slotMinute.toISOString()}`,
        },
      ]
    })
    sent += await notifier.raiseMany(reminders)
  }
}
