import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../../users/users.table'

// Issue 39: a member's WebAuthn credentials. The public key only: the private one never leaves
// the member's authenticator, so a leaked table signs nobody in.
export const passkeysTable = pgTable(
  'passkeys',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    // base64url, as the browser names it in an assertion; unique across every account.
    credentialId: text('credential_id').notNull().unique(),
    // The COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    // The authenticator's signature counter: one that goes back means a cloned key.
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
)

export type PasskeyRow = typeof passkeysTable.$inferSelect
