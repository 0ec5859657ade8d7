import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'

// DESIGN §5: the cookie carries a random 256-bit token; only its SHA-256 is stored, so a leaked
// database cannot be replayed as sessions. Logout deletes the row.
export const sessionsTable = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    // rememberMe: a persistent cookie; otherwise a browser-session cookie with a shorter idle limit.
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    // Issue 39: when this session proved a second factor (a passkey sign-in counts as two);
    // null for a password or provider sign-in alone.
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
)
