import * as z from 'zod/mini'
import { PASSWORD_MAX_LENGTH } from './auth'
import { RECENT_SIGN_IN_MINUTES } from './users-email-change'

// Issue 39: passkeys (WebAuthn). Names and shapes of the calls are the issue's.

export const PASSKEY_NAME_MAX_LENGTH = 64
/** How long a challenge handed out by an options call can be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5

export const PasskeyMessage = {
  nameLength: `A passkey's name has 1 to ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  notRecognised: 'That passkey is not recognised here. Sign in another way, then add it.',
  verificationFailed: 'Your passkey could not be checked. Please try again.',
  alreadyAdded: 'That passkey is already added to an account.',
  lastWayToSignIn:
    'This passkey is your only way to sign in. Set a password or add another passkey before removing it.',
  notFound: 'That passkey is not on your account.',
  passwordRequired: 'To add a passkey, please enter your current password.',
  recentSignInRequired: `To add a passkey, please sign out and sign in again, then add it within ${RECENT_SIGN_IN_MINUTES} minutes.`,
} as const

export const PasskeyErrorCode = {
  challengeExpired: 'passkey_challenge_expired',
  notRecognised: 'passkey_not_recognised',
  verificationFailed: 'passkey_verification_failed',
  alreadyAdded: 'passkey_already_added',
  lastWayToSignIn: 'last_way_to_sign_in',
} as const

const passkeyName = z
  .string({ error: PasskeyMessage.nameLength })
  .check(
    z.trim(),
    z.minLength(1, PasskeyMessage.nameLength),
    z.maxLength(PASSKEY_NAME_MAX_LENGTH, PasskeyMessage.nameLength),
  )

// The browser's answer, checked in full by the WebAuthn library; here only its outline and size.
const credentialJson = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal('public-key'),
  response: z.looseObject({}),
})

/** POST /api/v1/users/me/passkeys/options: the password proves the owner, as for the email. */
export const PasskeyRegistrationOptionsBodySchema = z.object({
  password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4))),
})
export type PasskeyRegistrationOptionsBody = z.infer<typeof PasskeyRegistrationOptionsBodySchema>

/** POST /api/v1/users/me/passkeys: no name names it after the device it was made on. */
export const PasskeyRegistrationBodySchema = z.object({
  credential: credentialJson,
  name: z.optional(passkeyName),
})

/** PATCH /api/v1/users/me/passkeys/{id} */
export const PasskeyRenameBodySchema = z.object({ name: passkeyName })
export type PasskeyRenameBody = z.infer<typeof PasskeyRenameBodySchema>

export const PasskeyIdParamsSchema = z.object({ id: z.uuid() })

/** POST /auth/passkey */
export const PasskeySignInBodySchema = z.object({
  credential: credentialJson,
  rememberMe: z.optional(z.boolean()),
})

export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
})
export type Passkey = z.infer<typeof PasskeySchema>
export const PasskeysSchema = z.object({ items: z.array(PasskeySchema) })
export type Passkeys = z.infer<typeof PasskeysSchema>
