import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import type { SocialProvider } from '@contract/auth'
import { usersTable } from '../../users/users.table'

// A Google or Facebook account linked to one of our users (DESIGN §5). The provider's user id,
// never the email, identifies it: an address can change or be reassigned at the provider.
export const socialIdentitiesTable = pgTable(
  'social_identities',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    provider: text('provider').$type<SocialProvider>().notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    // What the provider said when the identity was linked; for support, never for lookups.
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_identities_provider_user_key').on(table.provider, table.providerUserId),
    index('social_identities_user_id_idx').on(table.userId),
  ],
)
