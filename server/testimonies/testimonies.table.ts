import type { TestimonyVisibility } from '@contract/testimonies'
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { groupsTable } from '../groups/groups.table'
import { intentionsTable } from '../intentions/intentions.table'
import { usersTable } from '../users/users.table'

// Spec 001 §3 Testimony. amen_count is denormalised and moved in the same transaction as the
// reaction rows (DESIGN §3); created_at comes from the app clock so the feed cursor round-trips.
export const testimoniesTable = pgTable(
  'testimonies',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    authorId: uuid('author_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    categoryTags: text('category_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibility: text('visibility').$type<TestimonyVisibility>().notNull(),
    // The author's own answered prayer. Deleting that prayer keeps the story, unlinked.
    intentionId: uuid('intention_id').references(() => intentionsTable.id, {
      onDelete: 'set null',
    }),
    // Copied from a private-group prayer at link time: the story stays within that group even
    // after the prayer is deleted and the link is gone (docs/testimonies.md).
    groupId: uuid('group_id').references(() => groupsTable.id, { onDelete: 'cascade' }),
    amenCount: integer('amen_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A moderator's removal keeps the row for audit (DESIGN §3, issue 8).
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    // Auto-hold (issue 8): enough distinct reports hide it from all but its author until reviewed.
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (table) => [
    index('testimonies_feed_idx').on(table.createdAt, table.id),
    index('testimonies_author_idx').on(table.authorId),
    // One live testimony per prayer; concurrent shares race on this index, not on a read.
    uniqueIndex('testimonies_one_per_intention')
      .on(table.intentionId)
      .where(sql`${table.intentionId} is not null and ${table.removedAt} is null`),
    check('testimonies_amen_count_not_negative', sql`${table.amenCount} >= 0`),
  ],
)

export type TestimonyRow = typeof testimoniesTable.$inferSelect
