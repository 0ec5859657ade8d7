import * as z from 'zod/mini'
import { EmailSchema, NewPasswordSchema, PASSWORD_MAX_LENGTH } from './auth'
import { LanguageSettingSchema } from './language-setting'
import { text } from './text'
import { HIDDEN_CHARACTERS, ProfileMessage } from './users'
import { RECENT_SIGN_IN_MINUTES } from './users-email-change'

// Issue 39: the account screen's calls (/settings/account). Names and shapes are the issue's.

/** A display name changes at most once in this many days. */
export const DISPLAY_NAME_CHANGE_DAYS = 7
export const DISPLAY_NAME_MIN_LENGTH = 3
// The column's width (server/users/display-name.ts): the longest assigned name fits.
export const CHOSEN_DISPLAY_NAME_MAX_LENGTH = 32

export const AccountMessage = {
  displayNameLength: `A display name has ${DISPLAY_NAME_MIN_LENGTH} to ${CHOSEN_DISPLAY_NAME_MAX_LENGTH} characters.`,
  displayNameTaken: 'That display name is already taken. Please choose another.',
  displayNameUnchanged: 'That is already your display name.',
  /** `when` is a formatted date and time, already in the reader's words. */
  displayNameTooSoon: (when: string) =>
    `You can change your display name once a week. You can change it again on ${when}.`,
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'That password is not right. Please try again.',
  recentSignInRequiredForPassword: `To set a password, please sign out and sign in again, then set it within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  passwordChanged: 'Your password was changed. Every other device was signed out.',
  emailUnchanged: 'That is already your email.',
  nothingToChange: 'Send a display name or a language to change.',
} as const

export const AccountErrorCode = {
  displayNameTaken: 'display_name_taken',
  displayNameTooSoon: 'display_name_too_soon',
  currentPasswordWrong: 'current_password_wrong',
} as const

const displayName = text({
  error: AccountMessage.displayNameLength,
  invalid: ProfileMessage.nameHiddenCharacters,
}).check(
  z.trim(),
  z.refine((name: string) => !HIDDEN_CHARACTERS.test(name), ProfileMessage.nameHiddenCharacters),
  // Characters as a person sees them, as the password rules count.
  z.refine(
    (name: string) =>
      [...name].length >= DISPLAY_NAME_MIN_LENGTH &&
      [...name].length <= CHOSEN_DISPLAY_NAME_MAX_LENGTH,
    AccountMessage.displayNameLength,
  ),
)

/**
 * PATCH /api/v1/users/me: the display name (issue 39), the language (issue 42), or both. A
 * language of null follows the browser again; an absent key leaves that setting as it is.
 */
export const AccountPatchBodySchema = z
  .object({
    display_name: z.optional(displayName),
    language: z.optional(LanguageSettingSchema),
  })
  .check(
    z.refine((body) => body.display_name !== undefined || body.language !== undefined, {
      message: AccountMessage.nothingToChange,
    }),
  )
export type AccountPatchBody = z.infer<typeof AccountPatchBodySchema>

const anyPassword = z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4))

/** POST /api/v1/users/me/email: the password proves the owner (absent for a social-only account). */
export const EmailChangeBodySchema = z.object({
  email: EmailSchema,
  password: z.optional(anyPassword),
})
export type EmailChangeBody = z.infer<typeof EmailChangeBodySchema>

/** POST /api/v1/users/me/password */
export const PasswordChangeBodySchema = z.object({
  current_password: z.optional(anyPassword),
  new_password: NewPasswordSchema,
})
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>

/** GET /api/v1/users/me/sessions: `session_id` names the session, it never opens it. */
export const AccountSessionSchema = z.object({
  session_id: z.string(),
  device: z.string(),
  created_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof AccountSessionSchema>
export const AccountSessionsSchema = z.object({ items: z.array(AccountSessionSchema) })
export type AccountSessions = z.infer<typeof AccountSessionsSchema>

export const SessionIdParamsSchema = z.object({ id: z.string().check(z.maxLength(64)) })
