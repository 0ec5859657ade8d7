import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'

// Issue 40's deletion log (ADR 0035): which accounts were deleted, and when. No foreign key and
// nothing else: it outlives the account row, and a restore from a backup re-applies every
// deletion logged after the backup was taken (docs/operations.md). Operators may copy it apart.
export const accountDeletionsTable = pgTable('account_deletions', {
  userId: uuid('user_id').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
})
