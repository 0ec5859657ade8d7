import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { sessionsTable } from '../../auth/sessions.table'
import { usersTable } from '../../users/users.table'

// One row per device (a browser's push endpoint is unique to it). It belongs to the session that
// subscribed: signing out deletes the session and with it the subscription, so a shared device
// never shows the previous member's notifications.
export const pushSubscriptionsTable = pgTable(
  'push_subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessionsTable.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('push_subscriptions_user_id_idx').on(table.userId)],
)

export type PushSubscriptionRow = typeof pushSubscriptionsTable.$inferSelect
