import { and, eq, gt, lte } from 'drizzle-orm'
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

/**
 * DESIGN §5: the identity joins the account only once this browser holds a session of that very
 * account, i.e. after the person proved it (password, or the provider it already had).
 * `linked`: done; `waiting`: keep the cookie (signed in as someone else, or not yet);
 * `gone`: expired or unknown, drop the cookie.
 */
export async function completePendingLink(
  db: Database,
  input: { token: string; viewerUserId: string; now: Date },
): Promise<'linked' | 'waiting' | 'gone'> {
  const tokenHash = hashToken(input.token)
  const [pending] = await db
    .select()
    .from(socialPendingLinksTable)
    .where(
      and(
        eq(socialPendingLinksTable.tokenHash, tokenHash),
        gt(socialPendingLinksTable.expiresAt, input.now),
      ),
    )
    .limit(1)
  if (!pending) return 'gone'
  if (pending.userId !== input.viewerUserId) return 'waiting'
  // Deleting first makes the link single use even if two requests race here.
  const taken = await db
    .delete(socialPendingLinksTable)
    .where(eq(socialPendingLinksTable.tokenHash, tokenHash))
    .returning({ tokenHash: socialPendingLinksTable.tokenHash })
  if (taken.length === 0) return 'gone'
  await linkIdentity(db, {
    userId: pending.userId,
    provider: pending.provider,
    providerUserId: pending.providerUserId,
    email: pending.email,
    now: input.now,
  })
  return 'linked'
}
