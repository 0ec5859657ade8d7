import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// node-postgres answers bytea as a Buffer, PGlite as a Uint8Array: both leave as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

// Issue 38: the icons rendered from the community's logo, one row per icon (community-logo-icons.ts
// names them). Kept in the database, not on a disk, so every process serves the same icons; the
// uploaded file itself is never kept. `hash` is the PNG's own digest: its URL changes with it.
export const communityLogoIconsTable = pgTable('community_logo_icons', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  size: integer('size').notNull(),
  png: bytea('png').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})
