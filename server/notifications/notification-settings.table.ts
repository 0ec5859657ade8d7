import type { EmailActivity } from '@contract/email-preferences'
import type { NotificationSettings, QuietHours } from '@contract/notification-settings'
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { intentionsTable } from '../intentions/intentions.table'
import { usersTable } from '../users/users.table'

// Issue 13: what reaches a member's devices. One row per member who changed anything; no row
// means the defaults (every type on, no quiet hours). Validated by the contract on the way in.
export const notificationSettingsTable = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => usersTable.id, { onDelete: 'cascade' }),
  push: jsonb('push').$type<NotificationSettings['push']>().notNull(),
  quietHours: jsonb('quiet_hours').$type<QuietHours>(),
  // Issue 40: false = notifications on the member's devices carry no request words or names.
  previews: boolean('previews').notNull().default(true),
  // Issue 46: mail (contract/email-preferences.ts). Activity null: never chosen, so the default
  // follows the member's devices (a daily digest without a push-capable one).
  emailActivity: text('email_activity').$type<EmailActivity>(),
  emailWeeklyDigest: boolean('email_weekly_digest').notNull().default(true),
  emailReminders: boolean('email_reminders').notNull().default(false),
  emailRooms: boolean('email_rooms').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})

// "Mute this request": nothing about the intention reaches this member's devices until unmuted.
export const intentionMutesTable = pgTable(
  'intention_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.intentionId] })],
)
