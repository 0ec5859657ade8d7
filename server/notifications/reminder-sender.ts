import { and, asc, eq, isNotNull, lte } from 'drizzle-orm'
import { dayIn } from '@contract/prayer-list'
import type { Database } from '../db/client'
import { intentionsTable } from '../intentions/intentions.table'
import { prayersTable } from '../intentions/reactions.table'
import type { Notifier } from './notifier'
import {
  prayerListEntriesTable,
  reminderSettingsTable,
  type ReminderSettingsRow,
} from '../prayer-list/prayer-list.table'
import { nextReminderAt, secondOfMinute } from '../prayer-list/reminder-schedule'

/** A reminder more than this late (a process was down) is skipped, not sent hours after. */
const STALE_MS = 15 * 60 * 1000
const BATCH = 1000

/** The member's open listed requests not yet prayed today on their clock, longest waiting first. */
async function waitingRequests(db: Database, member: ReminderSettingsRow, now: Date) {
  const rows = await db
    .select({
      id: intentionsTable.id,
      title: intentionsTable.title,
      prayedAt: prayersTable.createdAt,
    })
    .from(prayerListEntriesTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, prayerListEntriesTable.intentionId))
    .leftJoin(
      prayersTable,
      and(eq(prayersTable.intentionId, intentionsTable.id), eq(prayersTable.userId, member.userId)),
    )
    .where(
      and(eq(prayerListEntriesTable.userId, member.userId), eq(intentionsTable.status, 'active')),
    )
    .orderBy(asc(prayerListEntriesTable.addedAt))
  const today = dayIn(member.timeZone, now)
  const last = new Map<string, { id: string; title: string; at: number }>()
  for (const row of rows) {
    const at = row.prayedAt?.getTime() ?? 0
    const known = last.get(row.id)
    if (!known || at > known.at) last.set(row.id, { id: row.id, title: row.title, at })
  }
  return [...last.values()]
    .filter((entry) => entry.at === 0 || dayIn(member.timeZone, new Date(entry.at)) !== today)
    .sort((a, b) => a.at - b.at)
}

export function reminderTitle(waiting: number): string {
  return waiting === 1
    ? '1 request on your prayer list is waiting'
    : `${waiting} requests on your prayer list are waiting`
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
    const claimed: { row: ReminderSettingsRow; slot: Date }[] = []
    for (const row of due) {
      const slot = row.nextReminderAt!
      const [moved] = await db
        .update(reminderSettingsTable)
        .set({ nextReminderAt: nextReminderAt(row.userId, row.timeZone, row.slots, slot) })
        .where(
          and(
            eq(reminderSettingsTable.userId, row.userId),
            eq(reminderSettingsTable.nextReminderAt, slot),
          ),
        )
        .returning({ userId: reminderSettingsTable.userId })
      if (moved && upTo.getTime() - slot.getTime() <= STALE_MS) claimed.push({ row, slot })
    }
    for (const { row, slot } of claimed) {
      const waiting = await waitingRequests(db, row, upTo)
      const first = waiting[0]
      if (!first) continue
      const slotMinute = new Date(slot.getTime() - secondOfMinute(row.userId) * 1000)
      const raised = await notifier.raise({
        userId: row.userId,
        type: 'PrayerReminder',
        title: reminderTitle(waiting.length),
        message: first.title,
        sourceIntentionId: first.id,
        data: { waiting: waiting.length, intentionId: first.id, url: '/prayerlist' },
        dedupeKey: `reminder:${slotMinute.toISOString()}`,
      })
      if (raised) sent += 1
    }
  }
}
