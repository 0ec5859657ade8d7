import type { Database } from '../db/client'
import { reminderSettingsTable } from './prayer-list.table'

/**
 * Issue 46: the time zone each member set their prayer-list reminders in (the clock their
 * digests keep when they set no other), one statement for every member.
 */
export async function reminderTimeZones(db: Database): Promise<Map<string, string>> {
  const rows = await db
    .select({ userId: reminderSettingsTable.userId, timeZone: reminderSettingsTable.timeZone })
    .from(reminderSettingsTable)
  return new Map(rows.map((row) => [row.userId, row.timeZone]))
}
