import { and, eq } from 'drizzle-orm'
import type { SocialProvider } from '@contract/auth'
import { ErrorCode } from '@contract/errors'
import {
  LinkedSignInErrorCode,
  LinkedSignInMessage,
  type LinkedIdentity,
} from '@contract/social-sign-in'
import type { Database } from '../../db/client'
import { recordEvent } from '../../events/record-event'
import { httpError } from '../../errors/problem-error'
import { lockMember } from '../../users/users.repository'
import { keepsAnotherWay, signInMethods } from '../sign-in-methods'
import { findIdentityUserId, linkIdentity } from './identities'
import { socialIdentitiesTable } from './identities.table'
import type { SocialProfile } from './social-providers'

/** The member's own linked providers (one row each, the first linked), and what else signs in. */
export async function listLinkedIdentities(db: Database, userId: string) {
  const methods = await signInMethods(db, userId)
  const items = new Map<SocialProvider, LinkedIdentity>()
  for (const { provider, createdAt } of methods.identities)
    if (!items.has(provider))
      items.set(provider, {
        provider,
        linked_at: createdAt.toISOString(),
        removable: keepsAnotherWay(methods, { provider }),
      })
  return {
    items: [...items.values()],
    has_password: methods.hasPassword,
    passkeys: methods.passkeys,
  }
}

/** DELETE /api/v1/users/me/identities/{provider}: every identity of that provider goes. */
export async function unlinkIdentity(
  db: Database,
  input: { userId: string; provider: SocialProvider; now: Date },
): Promise<void> {
  const { userId, provider, now } = input
  await db.transaction(async (tx) => {
    // A passkey removal (passkeys.routes.ts) takes the same lock: the two at once cannot each
    // leave the other as the last way in.
    await lockMember(tx, userId)
    const methods = await signInMethods(tx, userId)
    if (!methods.identities.some((identity) => identity.provider === provider))
      throw httpError(404, ErrorCode.notFound, LinkedSignInMessage.notLinked(provider))
    if (!keepsAnotherWay(methods, { provider }))
      throw httpError(
        409,
        LinkedSignInErrorCode.lastWayToSignIn,
        LinkedSignInMessage.lastWayToSignIn,
      )
    await tx
      .delete(socialIdentitiesTable)
      .where(
        and(eq(socialIdentitiesTable.userId, userId), eq(socialIdentitiesTable.provider, provider)),
      )
    await recordEvent(
      tx,
      { type: 'SocialIdentityUnlinked', payload: { userId, provider } },
      { occurredAt: now },
    )
  })
}

/**
 * The callback of a link started from the account screen: the provider's person joins the
 * signed-in member's account, by its provider user id (no email is needed or trusted here: the
 * member proved both accounts). Refused when it is another account's, or when the member already
 * has another account of that provider (one per provider, so an unlink names one). Linking the
 * identity the member already has changes nothing.
 */
export async function linkIdentityToAccount(
  db: Database,
  input: { userId: string; profile: SocialProfile; now: Date },
): Promise<void> {
  const { userId, profile, now } = input
  const { provider, providerUserId } = profile
  const taken = () =>
    httpError(409, LinkedSignInErrorCode.identityTaken, LinkedSignInMessage.identityTaken(provider))
  await db.transaction(async (tx) => {
    await lockMember(tx, userId)
    const owner = await findIdentityUserId(tx, provider, providerUserId)
    if (owner === userId) return
    if (owner) throw taken()
    const [other] = await tx
      .select({ id: socialIdentitiesTable.id })
      .from(socialIdentitiesTable)
      .where(
        and(eq(socialIdentitiesTable.userId, userId), eq(socialIdentitiesTable.provider, provider)),
      )
      .limit(1)
    if (other)
      throw httpError(
        409,
        LinkedSignInErrorCode.providerAlreadyLinked,
        LinkedSignInMessage.providerAlreadyLinked(provider),
      )
    // Another account's sign-up may have taken the identity a moment ago.
    const linkedTo = await linkIdentity(tx, {
      userId,
      provider,
      providerUserId,
      email: profile.email,
      now,
    })
    if (linkedTo !== userId) throw taken()
    await recordEvent(
      tx,
      { type: 'SocialIdentityLinked', payload: { userId, provider } },
      { occurredAt: now },
    )
  })
}
