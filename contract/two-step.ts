import * as z from 'zod/mini'
import { PASSWORD_MAX_LENGTH } from './auth'

// Issue 39: two-step sign-in (TOTP and recovery codes). Names and shapes of the calls are the
// issue's; the problem codes are zod-free so the session guard reads them on first load.

export const RECOVERY_CODE_COUNT = 10
/** Digits of a TOTP code, and the seconds each is valid for (RFC 6238's defaults, what apps use). */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30

export const TwoStepErrorCode = {
  /** A moderation or admin call from a session that proved no second factor (type urn:problem:…). */
  secondFactorRequired: 'second_factor_required',
  /** POST /auth/password (or a provider's sign-in) was right; now the second step. */
  secondFactorNeeded: 'second_factor_needed',
  codeWrong: 'second_factor_code_wrong',
  alreadyOn: 'two_step_already_on',
  notStarted: 'two_step_not_started',
  notOn: 'two_step_not_on',
} as const

export const TwoStepMessage = {
  secondFactorRequired: 'Set up two-step sign-in to moderate',
  secondFactorNeeded: 'Enter the code from your authenticator app to finish signing in.',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  recoveryCodeWrong: 'That recovery code is not right, or it was already used.',
  codeFormat: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
  alreadyOn: 'Two-step sign-in is already on.',
  notStarted: 'Start setting up two-step sign-in again: this setup has expired.',
  notOn: 'Two-step sign-in is not on.',
  passwordRequired: 'To turn off two-step sign-in, please enter your current password.',
  recentSignInRequired:
    'To turn off two-step sign-in, please sign out and sign in again, then turn it off within 10 minutes.',
} as const

const code = z
  .string({ error: TwoStepMessage.codeFormat })
  .check(z.trim(), z.regex(/^\d{6}$/, TwoStepMessage.codeFormat))

// Recovery codes are shown as two groups of five; a member may type them with or without the
// dash, in either case, with spaces.
const recoveryCode = z
  .string({ error: TwoStepMessage.recoveryCodeWrong })
  .check(z.minLength(1, TwoStepMessage.recoveryCodeWrong), z.maxLength(64))

/** POST /api/v1/users/me/totp answers the secret to scan or type. */
export const TotpSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() })
export type TotpSetup = z.infer<typeof TotpSetupSchema>

/** POST /api/v1/users/me/totp/confirm */
export const TotpConfirmBodySchema = z.object({ code })
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>

/** DELETE /api/v1/users/me/totp: the password proves the owner, as for a new passkey. */
export const TotpDisableBodySchema = z.object({
  password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4))),
})

/** POST /auth/second-factor: one of the two. */
export const SecondFactorBodySchema = z.union([
  z.strictObject({ code }),
  z.strictObject({ recovery_code: recoveryCode }),
])
export type SecondFactorBody = z.infer<typeof SecondFactorBodySchema>

/** GET /api/v1/users/me/totp: whether it is on, and how many recovery codes are left. */
export const TwoStepStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number(),
})
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>
