import { eq } from 'drizzle-orm'
import type { MemberExporter } from '../users/member-export'
import { prayerListEntriesTable, reminderSettingsTable } from './prayer-list.table'

/** Issue 40: My Prayer List (request ids and when added) and its reminder times. */
export const exportPrayerList: MemberExporter = async (db, userId) => {
  const [entries, [reminders]] = await Promise.all([
    db
      .select({
        intentionId: prayerListEntriesTable.intentionId,
        addedAt: prayerListEntriesTable.addedAt,
      })
      .from(prayerListEntriesTable)
      .where(eq(prayerListEntriesTable.userId, userId)),
    db.select().from(reminderSettingsTable).where(eq(reminderSettingsTable.userId, userId)),
  ])
  return [
    {
      name: 'prayer-list.json',
      about: 'The requests on your prayer list (by id) and your daily reminder times.',
      content: {
        entries,
        reminders: reminders ? { timeZone: reminders.timeZone, slots: reminders.slots } : null,
      },
    },
  ]
}
