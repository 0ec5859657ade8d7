import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { SocialProvider } from '@contract/auth'
import { usersTable } from '../../users/users.table'

// One started sign-in (DESIGN §5: state + PKCE). Kept server-side so several server processes
// share it and a state is usable once; only hashes of the state and of the browser binding are
// stored, the PKCE verifier in clear because the token request needs it.
export const socialSignInStatesTable = pgTable(
  'social_sign_in_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').$type<SocialProvider>().notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nextPath: text('next_path').notNull(),
    bindingHash: text('binding_hash').notNull(),
    // Issue 38: the SHA-256 of the invite the start carried (`?invite=`), for the callback that
    // creates an account in an invite-only community; the code itself is never kept.
    inviteHash: text('invite_hash'),
    // Issue 39: set when the signed-in member started the flow to link the provider to their
    // account (the account screen), not to sign in; the callback links only to this user.
    linkUserId: uuid('link_user_id').references(() => usersTable.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('social_sign_in_states_expires_at_idx').on(table.expiresAt)],
)
