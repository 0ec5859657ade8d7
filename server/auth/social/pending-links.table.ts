import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { SocialProvider } from '@contract/auth'
import { usersTable } from '../../users/users.table'

// A provider identity whose email belongs to an existing account, waiting for the person to
// prove that account (DESIGN §5). Bound to one browser by a cookie holding the token.
export const socialPendingLinksTable = pgTable(
  'social_pending_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProvider>().notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('social_pending_links_expires_at_idx').on(table.expiresAt)],
)
