import * as z from 'zod/mini'
import { type SocialProvider, SocialProviderSchema } from './auth'
import { ProfileMessage } from './users'

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

// The session cookie is set; go to `next` (the local path given to the start endpoint).
const SignedInSchema = z.object({
  needsLinking: z.literal(false),
  next: z.string(),
  hasProfile: z.boolean(),
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
