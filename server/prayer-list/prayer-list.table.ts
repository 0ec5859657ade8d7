import type { ReminderSlot } from '@contract/reminders'
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { intentionsTable } from '../intentions/intentions.table'
import { usersTable } from '../users/users.table'

// Issue 20. My Prayer List: private to its member; an entry stays after the request is answered
// or released until the member dismisses the note (DELETE), so the list can say why it left.
export const prayerListEntriesTable = pgTable(
  'prayer_list_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.intentionId] }),
    // "Everyone who has it on their list" for prayer updates.
    index('prayer_list_entries_intention_idx').on(table.intentionId),
  ],
)

// Reminder settings, with the next instant a reminder is due precomputed (in UTC, from the
// member's zone with Intl) so the minute's query is one index range, however many members.
export const reminderSettingsTable = pgTable(
  'reminder_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    slots: jsonb('slots').$type<ReminderSlot[]>().notNull(),
    /** null: no slot (or none left). Includes the member's second within the minute. */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('reminder_settings_next_idx').on(table.nextReminderAt)],
)

export type ReminderSettingsRow = typeof reminderSettingsTable.$inferSelect
