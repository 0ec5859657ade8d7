import type { ClosureReason, IntentionStatus } from '@contract/intention-status'
import type { Destination, IdentityMode } from '@contract/intentions'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { groupsTable } from '../groups/groups.table'
import { usersTable } from '../users/users.table'

// Spec 001 §3. Counters are denormalised and changed in the same transaction as the rows they
// count (DESIGN §3). created_at is written from the app's clock (millisecond precision) so the
// feed cursor, which travels through a JS Date, compares equal to the stored value.
export const intentionsTable = pgTable(
  'intentions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    authorId: uuid('author_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    details: text('details').notNull(),
    scriptureRef: text('scripture_ref'),
    identityMode: text('identity_mode').$type<IdentityMode>().notNull(),
    destination: text('destination').$type<Destination>().notNull(),
    groupId: uuid('group_id').references(() => groupsTable.id, { onDelete: 'cascade' }),
    status: text('status').$type<IntentionStatus>().notNull().default('active'),
    closureReason: text('closure_reason').$type<ClosureReason>(),
    closureReasonNote: text('closure_reason_note'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    prayedCount: integer('prayed_count').notNull().default(0),
    amenCount: integer('amen_count').notNull().default(0),
    candleCount: integer('candle_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // A moderator's removal keeps the row for audit (DESIGN §3); an author's delete is hard.
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    // Auto-hold (issue 8): enough distinct reports hide it from all but its author until reviewed.
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (table) => [
    // Ascending, read backwards for the newest-first feed (matches DESC NULLS FIRST ordering).
    index('intentions_feed_idx').on(table.createdAt, table.id),
    index('intentions_group_feed_idx').on(table.groupId, table.createdAt, table.id),
    index('intentions_author_idx').on(table.authorId),
    check(
      'intentions_group_matches_destination',
      sql`(${table.destination} = 'private_group') = (${table.groupId} is not null)`,
    ),
    check(
      'intentions_counts_not_negative',
      sql`${table.prayedCount} >= 0 and ${table.amenCount} >= 0 and ${table.candleCount} >= 0 and ${table.commentsCount} >= 0`,
    ),
  ],
)

export type IntentionRow = typeof intentionsTable.$inferSelect
