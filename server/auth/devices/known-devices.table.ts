import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../../users/users.table'

// Issue 39: the browsers a member has signed in from, known by the SHA-256 of a random id in a
// long-lived `device` cookie. A sign-in from a browser not listed here is a new device and is
// mailed to the member once; rows outlive the sessions (a sign-out does not make it new again).
export const knownDevicesTable = pgTable(
  'known_devices',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the member was told (or needed no telling: their first device).
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    unique('known_devices_user_device_key').on(table.userId, table.deviceHash),
    index('known_devices_user_id_idx').on(table.userId),
  ],
)
