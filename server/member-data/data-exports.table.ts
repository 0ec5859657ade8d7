import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'

// Issue 40: a member's data archives. The archive itself is kept in the database, in pieces
// written as the zip is made (never whole in memory), so any process serves its download.

export const dataExportsTable = pgTable(
  'data_exports',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sizeBytes: integer('size_bytes'),
    // The archive's file name, with the day it was made: "prayer-community-data-2026-11-29.zip".
    fileName: text('file_name'),
  },
  (table) => [index('data_exports_user_requested_idx').on(table.userId, table.requestedAt)],
)

// node-postgres answers bytea as a Buffer, PGlite as a Uint8Array: both leave as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

export const dataExportPartsTable = pgTable(
  'data_export_parts',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => dataExportsTable.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.seq] })],
)
