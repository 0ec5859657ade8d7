import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../../users/users.table'

// Issue 39: a member's TOTP secret. Written at setup, in force once `confirmed_at` is set (the
// member proved their app holds it). The secret must be readable to check a code: it is sealed
// with TOTP_SECRET_KEY where that is set, else kept as it is (ADR 0040, secret-seal.ts).
export const totpCredentialsTable = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => usersTable.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  // The last 30-second step a code was accepted for: a code is good once (RFC 6238 §5.2).
  lastStep: bigint('last_step', { mode: 'number' }),
  // Wrong codes (TOTP or recovery) since `failures_since`: past the limit the account's second
  // step answers 429 for the rest of the window, as the password's does (second-factor-tries.ts).
  failures: integer('failures').notNull().default(0),
  failuresSince: timestamp('failures_since', { withTimezone: true }),
})

// Ten one-time codes, shown once; only their SHA-256 is kept (each holds 50 random bits, so a
// fast hash is enough: nobody can try 2^50 codes against the sign-in's rate limit).
export const recoveryCodesTable = pgTable(
  'recovery_codes',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
)
