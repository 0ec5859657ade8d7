import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type { NotificationData, NotificationType } from '@contract/notifications'
import { uuidv7 } from 'uuidv7'
import { intentionsTable } from '../intentions/intentions.table'
import { testimoniesTable } from '../testimonies/testimonies.table'
import { usersTable } from '../users/users.table'

// Spec 000 §3 Notification. The actor's display name is copied when raised (a later rename does
// not rewrite history, and the actor's real identity is never stored for anonymous acts).
export const notificationsTable = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    message: text('message'),
    sourceUserDisplayName: text('source_user_display_name'),
    sourceIntentionId: uuid('source_intention_id').references(() => intentionsTable.id, {
      onDelete: 'cascade',
    }),
    sourceTestimonyId: uuid('source_testimony_id').references(() => testimoniesTable.id, {
      onDelete: 'cascade',
    }),
    data: jsonb('data').$type<NotificationData>(),
    // One notification per event however often it is replayed or toggled (e.g. amen off and
    // on again does not notify twice); null for events that are unique by nature.
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_page_idx').on(table.userId, table.createdAt, table.id),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    unique('notifications_user_dedupe_key').on(table.userId, table.dedupeKey),
  ],
)
export type NotificationRow = typeof notificationsTable.$inferSelect
