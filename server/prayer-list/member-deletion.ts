import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { prayerListEntriesTable, reminderSettingsTable } from './prayer-list.table'

/** Issue 40: a deleted member's prayer list and reminder times. */
export async function eraseMemberPrayerList(tx: Database, userId: string) {
  await tx.delete(prayerListEntriesTable).where(eq(prayerListEntriesTable.userId, userId))
  await tx.delete(reminderSettingsTable).where(eq(reminderSettingsTable.userId, userId))
}
