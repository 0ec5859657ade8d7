import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { usersTable } from '../../users/users.table'

// Issue 39: a WebAuthn challenge handed out and not yet answered. Kept server-side so every
// process shares it and it is spent once; the browser holds only a random id in a short-lived
// cookie, of which the SHA-256 is the key.
export const passkeyChallengesTable = pgTable(
  'passkey_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    purpose: text('purpose').$type<'register' | 'sign_in'>().notNull(),
    // The member adding a passkey; none for a sign-in, which names nobody until it is answered.
    userId: uuid('user_id').references(() => usersTable.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('passkey_challenges_expires_at_idx').on(table.expiresAt)],
)
