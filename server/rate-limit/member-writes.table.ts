import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import type { WriteLimitKind } from '@contract/write-limits'

// Issue 37: one row per post, comment or testimony a member created, kept for the limits'
// rolling hour (write-limits.ts). Its own ledger rather than the posts' tables: a post deleted
// at once still counts, and one index serves every kind. `user_id` has no foreign key: this
// foundation knows no capability's table. Each count drops the member's rows older than the hour,
// so the table holds at most a limit's worth per member and kind.
export const memberWritesTable = pgTable(
  'member_writes',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<WriteLimitKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('member_writes_count_idx').on(table.userId, table.kind, table.createdAt)],
)
