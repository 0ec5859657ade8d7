import * as z from 'zod/mini'
import { TolerantBooleanSchema } from './booleans'
import { CaptchaSolutionSchema } from './captcha'
import { InviteCodeSchema } from './invites'

// Spec 000 §9 timings and thresholds shared by the sign-in screens and the server's lockout.
export const FAILED_ATTEMPTS_BEFORE_CAPTCHA = 3
export const IDENTIFIER_DEBOUNCE_MS = 400

// Spec 000 §5 and §8: every message the accounts screens show, verbatim.
export const AuthMessage = {
  invalidEmail: 'Enter a valid email address.',
  passwordRules: 'Password must be at least 12 characters and include upper, lower, and a number.',
  passwordTooLong: 'Password must be at most 256 characters.',
  passwordMismatch: 'Passwords do not match.',
  termsRequired: 'You must accept the Terms and Privacy Policy to continue.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  invalidCredentials: "We couldn't find a user with that email and password.",
  tooManyAttempts: 'Too many attempts. Try again later or reset your password.',
  captchaRequired: 'Please complete the CAPTCHA or reset your password.',
  weakPassword:
    'Password does not meet security requirements. Use at least 12 chars with upper, lower, and a number.',
  // Issue 37: not in the spec (it predates the check); says what to do, not which list.
  breachedPassword:
    'This password is too common or has appeared in a data breach. Please choose a different one.',
  reviewDetails: 'Please review your details and try again.',
  resetFailed: 'The link is invalid or expired. Try resetting your password again.',
  forgotPasswordSent: "If there's an account with this email, you'll receive reset instructions.",
  invalidLink: 'Invalid or expired link',
} as const

// Stable problem-details `title` codes of the /auth calls (DESIGN §4). They live here rather than
// in contract/errors.ts because only the accounts screens read them; the client maps each to an
// AuthMessage (spec 000 §8).
export const AuthErrorCode = {
  weakPassword: 'weak_password',
  // Issue 37: the password meets the rules but is in the server's list of breached passwords.
  breachedPassword: 'breached_password',
  termsRequired: 'terms_required',
  passwordMismatch: 'password_mismatch',
  invalidEmail: 'invalid_email',
  invalidDetails: 'invalid_details',
  invalidCredentials: 'invalid_credentials',
  tooManyAttempts: 'too_many_attempts',
  captchaRequired: 'captcha_required',
  captchaInvalid: 'captcha_invalid',
  emailTaken: 'email_taken',
  emailNotVerified: 'email_not_verified',
  invalidToken: 'invalid_token',
} as const
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode]

// Spec 000 §5: no spaces, one at sign, a dot followed by a suffix of two or more characters.
// Invisible and control characters are refused too: they make two addresses look identical.
export const EMAIL_MAX_LENGTH = 254
const EMAIL_PATTERN = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]{2,}$/u

export const EmailSchema = z
  .string({ error: AuthMessage.invalidEmail })
  .check(
    z.trim(),
    z.maxLength(EMAIL_MAX_LENGTH, AuthMessage.invalidEmail),
    z.regex(EMAIL_PATTERN, AuthMessage.invalidEmail),
  )

// Accounts are found by this form of the address, so "Ann@X.org " and "ann@x.org" are one user.
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

// Spec 000 §5/§9: the sign-up rules, one entry per line of the live checklist. Length counts
// characters as a person sees them (code points), not UTF-16 units.
export const PASSWORD_MIN_LENGTH = 12
// Bounds the argon2 work a single request can cause.
export const PASSWORD_MAX_LENGTH = 256

export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (password: string) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'upper',
    label: 'An uppercase letter',
    test: (password: string) => /\p{Lu}/u.test(password),
  },
  {
    id: 'lower',
    label: 'A lowercase letter',
    test: (password: string) => /\p{Ll}/u.test(password),
  },
  { id: 'digit', label: 'A number', test: (password: string) => /\p{Nd}/u.test(password) },
] as const
export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id']

export function passwordRuleResults(password: string): Record<PasswordRuleId, boolean> {
  const results = {} as Record<PasswordRuleId, boolean>
  for (const rule of PASSWORD_RULES) results[rule.id] = rule.test(password)
  return results
}

const tooLong = (password: string) => [...password].length > PASSWORD_MAX_LENGTH

// For a new password (sign-up, reset): every rule of the checklist.
export const NewPasswordSchema = z.string({ error: AuthMessage.passwordRules }).check(
  z.refine((password: string) => !tooLong(password), {
    error: AuthMessage.passwordTooLong,
    abort: true,
  }),
  z.refine((password: string) => PASSWORD_RULES.every((rule) => rule.test(password)), {
    error: AuthMessage.passwordRules,
  }),
)

// For signing in: any stored password, however old its rules; only the argon2 bound applies.
const CurrentPasswordSchema = z.string().check(
  z.minLength(1),
  z.refine((password: string) => !tooLong(password), AuthMessage.passwordTooLong),
)

// Longer than any acceptable password cannot match one; the bound keeps comparisons cheap.
const ConfirmationSchema = z
  .string({ error: AuthMessage.passwordMismatch })
  .check(z.maxLength(PASSWORD_MAX_LENGTH * 4, AuthMessage.passwordMismatch))

// Check the pair even when another field is invalid, so the form shows every error at once.
function passwordsMatch<K extends string>(password: K, confirmation: K) {
  return {
    check: (value: Record<K, string>) => value[password] === value[confirmation],
    params: {
      error: AuthMessage.passwordMismatch,
      path: [confirmation],
      when: (payload: { value: unknown }) => {
        const value = payload.value as Record<string, unknown> | undefined
        return typeof value?.[password] === 'string' && typeof value[confirmation] === 'string'
      },
    },
  }
}

export const SocialProviderSchema = z.enum(['google', 'facebook'])
export type SocialProvider = z.infer<typeof SocialProviderSchema>

// Spec 000 §7: request and response bodies of the /auth calls.
export const IdentifierBodySchema = z.object({ email: EmailSchema })
export type IdentifierBody = z.infer<typeof IdentifierBodySchema>

export const IdentifierResponseSchema = z.object({
  providers: z.array(SocialProviderSchema),
  hasLocal: z.boolean(),
  next: z.enum(['password', 'signup']),
})
export type IdentifierResponse = z.infer<typeof IdentifierResponseSchema>

export const PasswordSignInBodySchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
  rememberMe: TolerantBooleanSchema,
  captcha: z.optional(CaptchaSolutionSchema),
})
export type PasswordSignInBody = z.infer<typeof PasswordSignInBodySchema>

const signUpMatch = passwordsMatch('password', 'confirmPassword')
export const SignUpBodySchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: ConfirmationSchema,
    acceptTerms: z.literal(true, { error: AuthMessage.termsRequired }),
    /** Issue 38: the invite link's code; an invite-only community creates no account without. */
    invite: z.optional(InviteCodeSchema),
  })
  .check(z.refine(signUpMatch.check, signUpMatch.params))
export type SignUpBody = z.infer<typeof SignUpBodySchema>

export const ResendVerificationBodySchema = z.object({ email: EmailSchema })
export type ResendVerificationBody = z.infer<typeof ResendVerificationBodySchema>

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema })
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>

// Tokens are opaque to the client; the bound only keeps junk out of the hash lookup.
export const TokenSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(512))
export const TokenQuerySchema = z.object({ token: TokenSchema })

const resetMatch = passwordsMatch('newPassword', 'confirmPassword')
export const ResetPasswordBodySchema = z
  .object({
    token: TokenSchema,
    newPassword: NewPasswordSchema,
    confirmPassword: ConfirmationSchema,
  })
  .check(z.refine(resetMatch.check, resetMatch.params))
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>

export const SessionResponseSchema = z.object({
  isAuthenticated: z.boolean(),
  hasProfile: z.nullable(z.boolean()),
  /** Issue 38: signed in, waiting for a moderator's approval (false for visitors). */
  isPending: z.boolean(),
})
export type SessionResponse = z.infer<typeof SessionResponseSchema>

// DESIGN §5: `next` must stay on this site (no open redirect): one leading slash, and no
// backslash or control character a browser could turn into "//evil.example".
const LOCAL_PATH = /^\/(?![/\\])[^\\\p{C}]*$/u
export function safeNextPath(next: unknown, fallback: string): string {
  return typeof next === 'string' && next.length <= 2048 && LOCAL_PATH.test(next) ? next : fallback
}

// Spec 000 §9: social sign-in defaults to /onboarding.
export const SocialStartQuerySchema = z.object({
  next: z.pipe(
    z.transform((next: unknown) => safeNextPath(next, '/onboarding')),
    z.string(),
  ),
  /** Issue 38: carried through the sign-in state to the callback that may create an account. */
  invite: z.optional(InviteCodeSchema),
})

export interface AuthProblem {
  code: AuthErrorCode
  message: string
}

// Spec 000 §8: a sign-up (or reset) body the server refuses becomes one `title` code with its
// message. Password problems come first: they are the ones the user can act on. Takes a
// ZodError or anything with its issues' path and message (the server's route validation).
export interface AuthIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}
export function authProblemFor(error: AuthIssues): AuthProblem {
  const fields = new Set(error.issues.map((issue) => String(issue.path[0])))
  const passwordIssue = error.issues.find(
    (issue) => issue.path[0] === 'password' || issue.path[0] === 'newPassword',
  )
  if (passwordIssue && passwordIssue.message !== AuthMessage.passwordTooLong)
    return { code: AuthErrorCode.weakPassword, message: AuthMessage.weakPassword }
  if (fields.has('confirmPassword'))
    return { code: AuthErrorCode.passwordMismatch, message: AuthMessage.passwordMismatch }
  if (fields.has('acceptTerms'))
    return { code: AuthErrorCode.termsRequired, message: AuthMessage.termsRequired }
  if (fields.size === 1 && fields.has('email'))
    return { code: AuthErrorCode.invalidEmail, message: AuthMessage.invalidEmail }
  return { code: AuthErrorCode.invalidDetails, message: AuthMessage.reviewDetails }
}
