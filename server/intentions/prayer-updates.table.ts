import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { intentionsTable } from './intentions.table'

// Prayer updates: the author's dated timeline on an active request.
export const prayerUpdatesTable = pgTable(
  'prayer_updates',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('prayer_updates_intention_idx').on(table.intentionId, table.createdAt)],
)

export type PrayerUpdateRow = typeof prayerUpdatesTable.$inferSelect
