import type { SocialProvider } from '@contract/auth'
import type { JoinMode } from '@contract/community'
import { SocialErrorCode, SocialMessage } from '@contract/social-sign-in'
import type { Config } from '../../config'
import { admitNewAccount } from '../../community/invites.service'
import type { Database } from '../../db/client'
import { httpError } from '../../errors/problem-error'
import { findUserByEmail, findUserById, insertUser } from '../../users/users.repository'
import { configuredRoles, grantConfiguredRoles } from '../../users/roles'
import { isUniqueViolation } from '../../db/unique-violation'
import { findIdentityUserId, linkIdentity, listUserProviders } from './identities'
import { createPendingLink } from './pending-links'
import type { SocialProfile } from './social-providers'

export type SocialSignInOutcome =
  | { kind: 'signed-in'; userId: string; hasProfile: boolean }
  | {
      kind: 'needs-linking'
      email: string
      linkWith: 'password' | SocialProvider
      /** Goes into the browser's pending-link cookie. */
      pendingToken: string
      /** The browser already holds a session of that account: only the confirmation is left. */
      proven: boolean
    }

/** Issue 38: the community's join rule and the invite the sign-in started with. */
export interface Admission {
  join: JoinMode
  inviteHash: string | null
}

/**
 * Decides who the provider's person is here (DESIGN §5):
 * a linked identity signs its user in, whatever its email now; otherwise only an email the
 * provider verified counts (issue 37): one nobody has creates a user with the onboarding prefill
 * (spec 000 §3), one an account already has waits as a pending link until the signed-in owner
 * of that account confirms it (pending-links.ts). Nothing is ever linked here. Only a new
 * account meets the community's join rule (issue 38): existing members sign in without invite.
 */
export async function resolveSocialSignIn(input: {
  db: Database
  config: Config
  now: Date
  profile: SocialProfile
  viewerUserId: string | null
  admission: Admission
  isRetry?: boolean
}): Promise<SocialSignInOutcome> {
  const { db, config, now, profile } = input
  const linkedUserId = await findIdentityUserId(db, profile.provider, profile.providerUserId)
  if (linkedUserId) return signedIn(db, config, linkedUserId)

  const email = profile.email
  if (email === null)
    throw httpError(400, SocialErrorCode.emailMissing, SocialMessage.emailMissing(profile.provider))

  // An address the provider did not verify may be anyone's: it would create an account that its
  // real owner later adopts with this identity still attached, or reach theirs (DESIGN §5).
  if (!profile.emailVerified)
    throw httpError(
      400,
      SocialErrorCode.emailUnverified,
      SocialMessage.emailUnverified(profile.provider),
    )

  const existing = await findUserByEmail(db, email)
  // Issue 40: the address of a deleted account is free again only after 30 days. The provider
  // just proved the address is theirs, so they may be told.
  if (existing?.closedAt)
    throw httpError(403, SocialErrorCode.accountDeleted, SocialMessage.accountDeleted)
  if (existing) {
    // An account without a password is proven by the provider it already signs in with.
    const linkWith =
      existing.passwordHash === null
        ? ((await listUserProviders(db, existing.id))[0] ?? 'password')
        : 'password'
    const pendingToken = await createPendingLink(db, {
      userId: existing.id,
      profile: { ...profile, email },
      now,
    })
    return {
      kind: 'needs-linking',
      email,
      linkWith,
      pendingToken,
      proven: existing.id === input.viewerUserId,
    }
  }

  try {
    const userId = await createSocialUser(db, config, { ...profile, email }, input.admission, now)
    return { kind: 'signed-in', userId, hasProfile: false }
  } catch (error) {
    // Another sign-in took this email or identity a moment ago: decide again, once, against it.
    if (isUniqueViolation(error) && !input.isRetry)
      return resolveSocialSignIn({ ...input, isRetry: true })
    throw error
  }
}

/** A user without password, the identity linked, and the onboarding prefill (spec 000 §3). */
async function createSocialUser(
  db: Database,
  config: Config,
  profile: SocialProfile & { email: string },
  admission: Admission,
  now: Date,
): Promise<string> {
  const { email } = profile
  // Only an address the provider verified gets here (resolveSocialSignIn): verified here too, it
  // gets its listed roles at once (issue 37).
  return db.transaction(async (tx) => {
    // An invite-only community's 403 ends the sign-in on the client's invitation-only page.
    const { pendingSince } = await admitNewAccount(tx, { ...admission, now })
    const user = await insertUser(tx, {
      pendingSince,
      email,
      passwordHash: null,
      emailVerifiedAt: now,
      roles: ['member', ...configuredRoles(config, { email, emailVerifiedAt: now })],
      onboardingPrefill: {
        first_name: profile.firstName,
        last_name: profile.lastName,
        email,
        provider: profile.provider,
        provider_user_id: profile.providerUserId,
      },
      avoidNames: [profile.firstName, profile.lastName].filter(
        (name): name is string => name !== null,
      ),
      now,
    })
    await linkIdentity(tx, {
      userId: user.id,
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      email,
      now,
    })
    return user.id
  })
}

// DESIGN §2: MODERATOR_EMAILS and ADMIN_EMAILS grant their roles at every sign-in.
async function signedIn(
  db: Database,
  config: Config,
  userId: string,
): Promise<SocialSignInOutcome> {
  const user = await findUserById(db, userId)
  if (!user) throw new Error(`Social identity points to missing user ${userId}`)
  await grantConfiguredRoles(db, config, user)
  return { kind: 'signed-in', userId, hasProfile: user.profileCompletedAt !== null }
}
