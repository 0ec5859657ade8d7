import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from './users.table'

// Issue 39: a member may change their display name once a week; each change is a row, so the
// next allowed time is the latest row's plus a week. The old name is not kept: it is public
// already, and a list of a member's names would tie their posts together across renames.
export const displayNameChangesTable = pgTable(
  'display_name_changes',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('display_name_changes_user_changed_idx').on(table.userId, table.changedAt)],
)
