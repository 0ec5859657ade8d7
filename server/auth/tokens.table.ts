import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'

// change_email: confirms a signed-in member's new address (its `email`), which takes over only
// then; undo_email_change: mailed to the address it left (its `email`), restores it (issue 37).
export const TOKEN_PURPOSES = [
  'verify_email',
  'reset_password',
  'change_email',
  'undo_email_change',
] as const
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number]

// DESIGN §5: mailed links carry a random token; only its SHA-256 is kept. Single use (used_at)
// and expiring (24 h to verify an email, 1 h to reset a password, 7 days to undo an email change).
export const authTokensTable = pgTable(
  'auth_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // A verification link proves this address: a later email change must not verify the new one.
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_tokens_user_id_idx').on(table.userId, table.purpose)],
)
