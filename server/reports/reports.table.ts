import type { ReportCategory } from '@contract/reports'
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'

// Every reported kind is reviewed in the moderation queue (MODERATION_TARGET_TYPES).
export type ReportTargetType = 'intention' | 'comment' | 'testimony' | 'room'
export type ReportStatus = 'open' | 'dismissed' | 'actioned'

// One report per member per item (a second answers 409 already_reported). The target is
// polymorphic, so no foreign key: a report outlives a hard-deleted item for the moderators'
// record. The reporter is never shown to the author (spec 001 §6).
export const reportsTable = pgTable(
  'reports',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    targetType: text('target_type').$type<ReportTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    category: text('category').$type<ReportCategory>().notNull(),
    note: text('note'),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => usersTable.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('reports_once_per_reporter').on(table.targetType, table.targetId, table.reporterId),
    index('reports_queue_idx').on(table.status, table.createdAt),
  ],
)
