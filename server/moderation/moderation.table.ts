import type { AuditAction, ModerationTargetType, PublishHoldReason } from '@contract/moderation'
import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'

export type FlagReason = 'crisis' | PublishHoldReason

// A reason for moderators to look at an item that needs no report: the crisis signal (DESIGN
// §4), whose open flag puts the item at the top of the queue, marked urgent; or a post the
// publish rule held (issue 38), whose open flag keeps it in the queue until it is approved.
export const moderationFlagsTable = pgTable(
  'moderation_flags',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    targetType: text('target_type').$type<ModerationTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').$type<FlagReason>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => usersTable.id, { onDelete: 'set null' }),
  },
  (table) => [
    // One open flag per item and reason: an edit that still signals crisis adds nothing.
    uniqueIndex('moderation_flags_open_once')
      .on(table.targetType, table.targetId, table.reason)
      .where(sql`${table.resolvedAt} is null`),
  ],
)

// Append-only (a trigger refuses UPDATE and DELETE, migration 0006). No foreign key on the actor:
// removing an account must not rewrite history, so the display name is copied at the time.
export const moderationAuditTable = pgTable(
  'moderation_audit',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorDisplayName: text('actor_display_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('moderation_audit_page_idx').on(table.at, table.id)],
)

// The community's own blocked words and phrases, loaded into the content policy (docs/moderation.md).
export const blockedPhrasesTable = pgTable('blocked_phrases', {
  phrase: text('phrase').primaryKey(),
  addedBy: uuid('added_by').references(() => usersTable.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
