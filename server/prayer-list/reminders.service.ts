import { eq } from 'drizzle-orm'
import {
  DEFAULT_REMINDER_SETTINGS,
  type NextReminder,
  type ReminderSettings,
} from '@contract/reminders'
import type { Database } from '../db/client'
import { reminderSettingsTable } from './prayer-list.table'
import { instantOf, wallClock } from '@contract/zoned-time'
import { nextReminderAt, secondOfMinute } from './reminder-schedule'

export async function readReminderSettings(
  db: Database,
  userId: string,
): Promise<ReminderSettings> {
  const [row] = await db
    .select()
    .from(reminderSettingsTable)
    .where(eq(reminderSettingsTable.userId, userId))
  return row ? { time_zone: row.timeZone, slots: row.slots } : DEFAULT_REMINDER_SETTINGS
}

/** PUT /api/v1/users/me/reminders: replaced whole; the next due instant is computed here. */
export async function saveReminderSettings(input: {
  db: Database
  userId: string
  settings: ReminderSettings
  now: Date
}): Promise<ReminderSettings> {
  const { db, userId, settings, now } = input
  const row = {
    userId,
    timeZone: settings.time_zone,
    slots: settings.slots,
    nextReminderAt: nextReminderAt(userId, settings.time_zone, settings.slots, now),
    updatedAt: now,
  }
  await db
    .insert(reminderSettingsTable)
    .values(row)
    .onConflictDoUpdate({ target: reminderSettingsTable.userId, set: row })
  return settings
}

async function moveNextReminder(
  db: Database,
  userId: string,
  pick: (row: typeof reminderSettingsTable.$inferSelect) => Date | null,
): Promise<NextReminder> {
  const [row] = await db
    .select()
    .from(reminderSettingsTable)
    .where(eq(reminderSettingsTable.userId, userId))
  if (!row) return { next_reminder_at: null }
  const next = pick(row)
  await db
    .update(reminderSettingsTable)
    .set({ nextReminderAt: next })
    .where(eq(reminderSettingsTable.userId, userId))
  return { next_reminder_at: next?.toISOString() ?? null }
}

/** "Snooze 1 hour": the reminder comes back in an hour (or sooner if a slot is due before). */
export function snoozeReminder(db: Database, userId: string, now: Date) {
  return moveNextReminder(db, userId, (row) => {
    const inAnHour = new Date(now.getTime() + 60 * 60 * 1000)
    return row.nextReminderAt && row.nextReminderAt < inAnHour ? row.nextReminderAt : inAnHour
  })
}

/** "Not today": no more reminders until the member's next day. */
export function skipReminderToday(db: Database, userId: string, now: Date) {
  return moveNextReminder(db, userId, (row) => {
    const today = wallClock(row.timeZone, now)
    const midnight = instantOf(row.timeZone, { ...today, day: today.day + 1, hour: 0, minute: 0 })
    // Past the member's midnight (by their own second), so a 00:00 slot tomorrow still fires.
    const endOfDay = new Date(midnight.getTime() - 1000 - secondOfMinute(userId) * 1000)
    return nextReminderAt(userId, row.timeZone, row.slots, endOfDay)
  })
}
