import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'

// Issue 38: an invite link of an invite-only community. Only the code's SHA-256 is kept (a copy
// of the database lets nobody in) and its first characters, so admins can tell links apart.
export const invitesTable = pgTable(
  'invites',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    codeHash: text('code_hash').notNull().unique(),
    codeHint: text('code_hint').notNull(),
    createdBy: uuid('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'invites_uses_within_max',
      sql`${table.maxUses} is null or ${table.uses} <= ${table.maxUses}`,
    ),
  ],
)

export type InviteRow = typeof invitesTable.$inferSelect
