import * as z from 'zod/mini'
import { type SocialProvider, SocialProviderSchema, SocialStartQuerySchema } from './auth'
import { ProfileMessage } from './users'
import { RECENT_SIGN_IN_MINUTES } from './users-email-change'

export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
}

// Stable problem `title` codes of the social sign-in calls. Kept beside their messages (like
// AuthErrorCode) because only the callback page reads them.
export const SocialErrorCode = {
  providerNotConfigured: 'provider_not_configured',
  invalidState: 'invalid_state',
  cancelled: 'social_sign_in_cancelled',
  failed: 'social_sign_in_failed',
  emailMissing: 'social_email_missing',
  emailUnverified: 'social_email_unverified',
  providerUnavailable: 'provider_unavailable',
  linkNotFound: 'social_link_not_found',
  /** Issue 40: the address belongs to an account deleted less than 30 days ago. */
  accountDeleted: 'account_deleted',
} as const
export type SocialErrorCode = (typeof SocialErrorCode)[keyof typeof SocialErrorCode]

// Spec 000 §8 leaves the callback failure message to us ("not shown"); the linking message is
// the spec's own (§5).
export const SocialMessage = {
  notConfigured: (provider: SocialProvider) =>
    `Sign in with ${SOCIAL_PROVIDER_LABELS[provider]} is not available.`,
  invalidState: 'This sign-in attempt has expired or was already used. Please start again.',
  cancelled: (provider: SocialProvider) =>
    `Sign in with ${SOCIAL_PROVIDER_LABELS[provider]} was cancelled.`,
  failed: 'We could not finish signing you in. Please try again.',
  accountDeleted:
    'The account with this email address was deleted. The address can be used again 30 days after the deletion.',
  emailMissing: (provider: SocialProvider) =>
    `Your ${SOCIAL_PROVIDER_LABELS[provider]} account did not share an email address. Continue with email instead.`,
  // The same words whether or not an account has the address: the refusal names no account.
  emailUnverified: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_LABELS[provider]} did not confirm that your email address is verified, so it cannot ` +
    'be used to create or link an account here. Continue with email instead.',
  providerUnavailable: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_LABELS[provider]} could not be reached. Please try again.`,
  linkNotFound:
    'There is no account link waiting for you here. It may have expired: continue with your provider again to link it.',
  linkWithPassword: ProfileMessage.emailTakenSocial,
  linkWithProvider: (provider: SocialProvider) =>
    `This email is already used by an account that signs in with ${SOCIAL_PROVIDER_LABELS[provider]}. ` +
    `Continue with ${SOCIAL_PROVIDER_LABELS[provider]} to link, or use a different email.`,
} as const

// GET /auth/{provider}/callback: the provider's redirect query, relayed as is by the client page
// (spec 000 §2). Providers add parameters of their own (scope, authuser…): they are ignored.
export const SocialCallbackQuerySchema = z.object({
  code: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  state: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  error: z.optional(z.string().check(z.maxLength(256))),
})
export type SocialCallbackQuery = z.infer<typeof SocialCallbackQuerySchema>

// The session cookie is set; go to `next` (the local path given to the start endpoint). A link
// started from the account screen keeps the session and says which provider it `linked`.
const SignedInSchema = z.object({
  needsLinking: z.literal(false),
  next: z.string(),
  hasProfile: z.boolean(),
  linked: z.optional(SocialProviderSchema),
  // Issue 39: two-step sign-in is on: the session waits for POST /auth/second-factor.
  secondFactorNeeded: z.optional(z.literal(true)),
})

// DESIGN §5: the provider's (verified) email belongs to an existing account, so nobody is signed
// in. `next` is where the user proves the account (password, or the provider it already uses);
// `returnTo` is where to go after that: the page where the signed-in member confirms the link
// (socialLinkPage). A browser already signed in to that account is sent to that page at once
// (`next`), and `returnTo` is then where the sign-in was going.
const NeedsLinkingSchema = z.object({
  needsLinking: z.literal(true),
  next: z.string(),
  email: z.string(),
  linkWith: z.union([z.literal('password'), SocialProviderSchema]),
  message: z.string(),
  returnTo: z.string(),
})

export const SocialCallbackResponseSchema = z.discriminatedUnion('needsLinking', [
  SignedInSchema,
  NeedsLinkingSchema,
])
export type SocialCallbackResponse = z.infer<typeof SocialCallbackResponseSchema>

// The client page where a signed-in member confirms a waiting link (docs/social-sign-in.md); its
// `next` search parameter is where to go afterwards.
const SOCIAL_LINK_PAGE = '/auth/link'

export function socialLinkPage(next: string): string {
  return `${SOCIAL_LINK_PAGE}?next=${encodeURIComponent(next)}`
}

// GET /auth/social/link: the link waiting in this browser for the signed-in member, named so
// they know what they agree to. `email` is masked (a•••@example.org): the provider account's
// address, which is also the member's own.
export const PendingSocialLinkSchema = z.object({
  provider: SocialProviderSchema,
  displayName: z.string(),
  email: z.string(),
})
export type PendingSocialLink = z.infer<typeof PendingSocialLinkSchema>

// Issue 39: linked sign-ins on the account screen (docs/social-sign-in.md, "Linked sign-ins").

/**
 * GET /auth/{provider}/start with `intent=link`: the signed-in member links the provider to
 * their account instead of signing in; the callback answers `linked` and keeps the session.
 */
export const SocialStartWithIntentQuerySchema = z.extend(SocialStartQuerySchema, {
  intent: z.optional(z.literal('link')),
})

export const LinkedSignInErrorCode = {
  /** The same code as email change's: sign in again, then act within a few minutes. */
  recentSignInRequired: 'recent_sign_in_required',
  identityTaken: 'social_identity_taken',
  providerAlreadyLinked: 'provider_already_linked',
  linkAccountChanged: 'social_link_account_changed',
  /** The same code as a passkey's removal refused for the same reason. */
  lastWayToSignIn: 'last_way_to_sign_in',
} as const

export const LinkedSignInMessage = {
  recentSignInRequired: `To link or unlink a sign-in, please sign out and sign in again, then do it within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  identityTaken: (provider: SocialProvider) =>
    `This ${SOCIAL_PROVIDER_LABELS[provider]} account is already linked to another account here. ` +
    `Sign in with ${SOCIAL_PROVIDER_LABELS[provider]} to use that account, or unlink it there first.`,
  providerAlreadyLinked: (provider: SocialProvider) =>
    `Your account already has a ${SOCIAL_PROVIDER_LABELS[provider]} sign-in. Unlink it first to link another ${SOCIAL_PROVIDER_LABELS[provider]} account.`,
  linkAccountChanged:
    'You are no longer signed in to the account you were linking. Sign in to it and start again.',
  lastWayToSignIn:
    'This is your only way to sign in. Set a password, add a passkey or link another sign-in before unlinking it.',
  notLinked: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_LABELS[provider]} is not linked to your account.`,
  unknownProvider: 'There is no such sign-in provider.',
  linked: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_LABELS[provider]} is now linked: you can sign in with it.`,
  unlinked: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_LABELS[provider]} is no longer linked to your account.`,
} as const

/** One provider linked to the member's account; `removable` is false for the last way in. */
export const LinkedIdentitySchema = z.object({
  provider: SocialProviderSchema,
  linked_at: z.string(),
  removable: z.boolean(),
})
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>

/**
 * GET /api/v1/users/me/identities: the member's own linked providers and what else signs them in
 * (the rule for the last way in). `available`: the providers this server offers, so the screen
 * offers Link only for those. `recent_sign_in`: whether linking and unlinking work now, or a new
 * sign-in comes first.
 */
export const LinkedIdentitiesSchema = z.object({
  items: z.array(LinkedIdentitySchema),
  available: z.array(SocialProviderSchema),
  has_password: z.boolean(),
  passkeys: z.number(),
  recent_sign_in: z.boolean(),
})
export type LinkedIdentities = z.infer<typeof LinkedIdentitiesSchema>

// DELETE /api/v1/users/me/identities/{provider}: any name up to this length, so that one we do
// not know answers 404 like a provider not linked, not 400.
export const IdentityProviderParamsSchema = z.object({
  provider: z.string().check(z.maxLength(32)),
})
