import { and, eq, lte } from 'drizzle-orm'
import type { SocialProvider } from '@contract/auth'
import type { Database } from '../../db/client'
import { hashToken } from '../session-token'
import { randomSecret } from './oauth-client'
import { socialSignInStatesTable } from './sign-in-states.table'

// Long enough to pick an account and type a password at the provider, short enough that a
// leaked state is useless soon.
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000

export interface StartedSignIn {
  state: string
  codeVerifier: string
}

export async function saveSignInState(
  db: Database,
  input: {
    provider: SocialProvider
    nextPath: string
    binding: string
    /** Issue 38: the invite's hash, for a callback that creates an account. */
    inviteHash: string | null
    /** Issue 39: the signed-in member linking the provider to their account, else null. */
    linkUserId: string | null
    now: Date
  },
): Promise<StartedSignIn> {
  const state = randomSecret()
  const codeVerifier = randomSecret()
  // Abandoned sign-ins would pile up; sweeping here keeps the table tiny without a job.
  await db.delete(socialSignInStatesTable).where(lte(socialSignInStatesTable.expiresAt, input.now))
  await db.insert(socialSignInStatesTable).values({
    stateHash: hashToken(state),
    provider: input.provider,
    codeVerifier,
    nextPath: input.nextPath,
    bindingHash: hashToken(input.binding),
    inviteHash: input.inviteHash,
    linkUserId: input.linkUserId,
    expiresAt: new Date(input.now.getTime() + SIGN_IN_STATE_TTL_MS),
    createdAt: input.now,
  })
  return { state, codeVerifier }
}

export interface ConsumedSignIn {
  codeVerifier: string
  nextPath: string
  inviteHash: string | null
  linkUserId: string | null
}

/**
 * Takes the state out in one statement, so a replayed or concurrent callback finds nothing
 * (single use). It only counts for the same provider, before expiry, in the browser that started
 * it: a state from someone else's browser would sign this one into their account (login CSRF).
 */
export async function consumeSignInState(
  db: Database,
  input: { provider: SocialProvider; state: string; binding: string | null; now: Date },
): Promise<ConsumedSignIn | null> {
  const [row] = await db
    .delete(socialSignInStatesTable)
    .where(
      and(
        eq(socialSignInStatesTable.stateHash, hashToken(input.state)),
        eq(socialSignInStatesTable.provider, input.provider),
      ),
    )
    .returning()
  if (!row || row.expiresAt <= input.now) return null
  if (input.binding === null || hashToken(input.binding) !== row.bindingHash) return null
  return {
    codeVerifier: row.codeVerifier,
    nextPath: row.nextPath,
    inviteHash: row.inviteHash,
    linkUserId: row.linkUserId,
  }
}
