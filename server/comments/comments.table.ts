import type { CommentReactionKind } from '@contract/comments'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { intentionsTable } from '../intentions/intentions.table'
import { usersTable } from '../users/users.table'

// Spec 001 §3 Comment. likes/amens are denormalised like the intention's counters (DESIGN §3);
// updated_at is the edit-conflict token (spec 001 §4).
export const commentsTable = pgTable(
  'comments',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    // Auto-hold (issue 8): enough distinct reports hide it from all but its author until reviewed.
    heldAt: timestamp('held_at', { withTimezone: true }),
    likesCount: integer('likes_count').notNull().default(0),
    amensCount: integer('amens_count').notNull().default(0),
  },
  (table) => [
    index('comments_intention_page_idx').on(table.intentionId, table.createdAt, table.id),
    check(
      'comments_counts_not_negative',
      sql`${table.likesCount} >= 0 and ${table.amensCount} >= 0`,
    ),
  ],
)

export const commentReactionsTable = pgTable(
  'comment_reactions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => commentsTable.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CommentReactionKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('comment_reactions_once').on(table.commentId, table.userId, table.kind),
    index('comment_reactions_list_idx').on(
      table.commentId,
      table.kind,
      table.createdAt,
      table.userId,
    ),
  ],
)
