import { and, eq, gt, lte } from 'drizzle-orm'
import type { SocialProvider } from '@contract/auth'
import type { Database } from '../../db/client'
import { hashToken } from '../session-token'
import { linkIdentity } from './identities'
import { randomSecret } from './oauth-client'
import { socialPendingLinksTable } from './pending-links.table'
import { SIGN_IN_STATE_TTL_MS } from './sign-in-states'
import type { SocialProfile } from './social-providers'

/** Keeps the identity aside for the matched account; the token goes into the browser's cookie. */
export async function createPendingLink(
  db: Database,
  input: { userId: string; profile: SocialProfile & { email: string }; now: Date },
): Promise<string> {
  const token = randomSecret()
  await db.delete(socialPendingLinksTable).where(lte(socialPendingLinksTable.expiresAt, input.now))
  await db.insert(socialPendingLinksTable).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    provider: input.profile.provider,
    providerUserId: input.profile.providerUserId,
    email: input.profile.email,
    expiresAt: new Date(input.now.getTime() + SIGN_IN_STATE_TTL_MS),
    createdAt: input.now,
  })
  return token
}

function waitingFor(input: { token: string; viewerUserId: string; now: Date }) {
  return and(
    eq(socialPendingLinksTable.tokenHash, hashToken(input.token)),
    eq(socialPendingLinksTable.userId, input.viewerUserId),
    gt(socialPendingLinksTable.expiresAt, input.now),
  )
}

/** The link this browser keeps for the signed-in member; null for anyone else, or once expired. */
export async function findPendingLink(
  db: Database,
  input: { token: string; viewerUserId: string; now: Date },
): Promise<{ provider: SocialProvider; email: string } | null> {
  const [pending] = await db
    .select({
      provider: socialPendingLinksTable.provider,
      email: socialPendingLinksTable.email,
    })
    .from(socialPendingLinksTable)
    .where(waitingFor(input))
    .limit(1)
  return pending ?? null
}

/**
 * DESIGN §5, issue 37: the identity joins the account only when the member signed in to that
 * very account (they proved it: password, or the provider it already had) confirms it, never as
 * a side effect of another request. Single use: the row is taken out in the statement that
 * reads it, so two confirmations racing link once. false: nothing waits for this member.
 */
export async function confirmPendingLink(
  db: Database,
  input: { token: string; viewerUserId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [pending] = await tx.delete(socialPendingLinksTable).where(waitingFor(input)).returning()
    if (!pending) return false
    const owner = await linkIdentity(tx, {
      userId: pending.userId,
      provider: pending.provider,
      providerUserId: pending.providerUserId,
      email: pending.email,
      now: input.now,
    })
    // The identity joined another account meanwhile (it signed up on its own): not linked here.
    return owner === pending.userId
  })
}

/** The member declined: the identity is forgotten, whoever's browser this is. */
export async function dropPendingLink(db: Database, token: string): Promise<void> {
  await db
    .delete(socialPendingLinksTable)
    .where(eq(socialPendingLinksTable.tokenHash, hashToken(token)))
}
