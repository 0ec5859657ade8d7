import * as z from 'zod/mini'
import { EmailSchema, normaliseEmail, PASSWORD_MAX_LENGTH } from './auth'
import { countryByCode } from './countries'
import { LanguageSettingSchema } from './language-setting'
import { text } from './text'

// Spec 000 §3, §9: gender options, in the order the onboarding select lists them.
export const GENDERS = ['female', 'male', 'other', 'prefer_not_to_say'] as const
export const GenderSchema = z.enum(GENDERS, { error: 'Please select a gender.' })
export type Gender = z.infer<typeof GenderSchema>
export const GENDER_LABELS: Record<Gender, string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
}

export const NAME_MAX_LENGTH = 80
export const PHONE_MIN_DIGITS = 7
export const PHONE_MAX_DIGITS = 15

// Spec 000 §5 and §8: the onboarding messages, verbatim where the spec gives them.
export const ProfileMessage = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  nameTooLong: `Names can be at most ${NAME_MAX_LENGTH} characters.`,
  nameHiddenCharacters: 'Names cannot contain hidden or control characters.',
  invalidPhone: 'Enter a valid phone number (digits, spaces, dashes, parentheses, +).',
  invalidCountry: 'Please select a country from the list.',
  invalidMonth: 'Please select a month of birth.',
  emailTakenSocial:
    'This email is already used by an existing account. Sign in with your password to link, or use a different email.',
  emailTakenChanged:
    'Email already in use. Sign in with this email or linked social, or try another.',
  saveFailed: 'Failed to save your profile. Please try again.',
  saveError: 'An error occurred while saving your profile.',
} as const

// Spec 000 §5: 29 for February, 30 for April, June, September and November, otherwise 31.
// An unknown month allows 31 so the day field does not contradict an unfinished form.
export function maxDayOfMonth(month: number): number {
  if (month === 2) return 29
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

export function invalidDayMessage(month: number): string {
  return `Please enter a valid day (1–${maxDayOfMonth(month)}) for the selected month.`
}

// Control, format (zero-width, bidi overrides), separator and private-use characters, plus the
// Hangul and Braille fillers that render blank: a name made with them impersonates or hides.
export const HIDDEN_CHARACTERS = /[\p{C}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u

function personName(requiredMessage: string) {
  return text({ error: requiredMessage, invalid: ProfileMessage.nameHiddenCharacters }).check(
    z.trim(),
    z.minLength(1, requiredMessage),
    z.maxLength(NAME_MAX_LENGTH, ProfileMessage.nameTooLong),
    z.refine((name: string) => !HIDDEN_CHARACTERS.test(name), ProfileMessage.nameHiddenCharacters),
  )
}

// Digits and the separators people type; a plus only in front (spec 000 §5).
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/
export function isValidPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length
  return PHONE_PATTERN.test(phone) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS
}

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

// zod/mini has no z.preprocess: a transform piped into the schema is what it builds.
export const PhoneSchema = z.pipe(
  z.transform(blankToUndefined),
  z.optional(
    z
      .string({ error: ProfileMessage.invalidPhone })
      .check(z.trim(), z.refine(isValidPhone, ProfileMessage.invalidPhone)),
  ),
)

export const CountryCodeSchema = z.string({ error: ProfileMessage.invalidCountry }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((code: string) => countryByCode(code) !== undefined, ProfileMessage.invalidCountry),
)

// Form selects hand over "3"; the wire may carry 3. Both are the same whole number.
const wholeNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value

const optionalText = (max: number) => z.nullish(text().check(z.maxLength(max)))

// Spec 000 §3: the profile as the onboarding form sends it. Unknown keys (the tenant and issuer
// fields the spec's client sends empty) are stripped, never stored.
export const ProfileBodySchema = z
  .object({
    user_id: optionalText(128),
    // The outer z.optional (here and on phone_number) only keeps these keys optional in z.input,
    // as classic's z.preprocess typed them; undefined stays undefined either way.
    display_name: z.optional(
      z.pipe(z.transform(blankToUndefined), z.optional(personName('Display name must be text.'))),
    ),
    first_name: personName(ProfileMessage.firstNameRequired),
    last_name: personName(ProfileMessage.lastNameRequired),
    email: EmailSchema,
    phone_number: z.optional(PhoneSchema),
    country_iso2: CountryCodeSchema,
    gender: GenderSchema,
    birth_month: z.pipe(
      z.transform(wholeNumber),
      z.number({ error: ProfileMessage.invalidMonth }).check(z.int(), z.gte(1), z.lte(12)),
    ),
    // Checked below against the month; anything unreadable becomes 0 so it fails there with
    // the month's own range in the message.
    birth_day: z.pipe(z.transform(wholeNumber), z.catch(z.number().check(z.int()), 0)),
    provider: optionalText(64),
    provider_user_id: optionalText(255),
    idp_provider: optionalText(64),
    // Issue 37: a verified address changes only with the current password (users-email-change.ts).
    current_password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4))),
  })
  .check(
    z.superRefine(
      (profile, ctx) => {
        const month = profile.birth_month
        const day = profile.birth_day
        if (Number.isInteger(day) && day >= 1 && day <= maxDayOfMonth(month)) return
        ctx.addIssue({ code: 'custom', path: ['birth_day'], message: invalidDayMessage(month) })
      },
      // Run even when other fields failed, so the form shows the day error with the rest.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  )
export type ProfileBody = z.infer<typeof ProfileBodySchema>

// Spec 000 §5: uniqueness is checked only for an email that came from a social provider or that
// the user changed from the prefilled one; each case has its own message.
export type EmailUniquenessCase = 'social' | 'changed'
export function emailUniquenessCase(input: {
  email: string
  prefilledEmail: string | null | undefined
  provider: string | null | undefined
}): EmailUniquenessCase | null {
  const prefilled = input.prefilledEmail ? normaliseEmail(input.prefilledEmail) : null
  if (prefilled !== null && normaliseEmail(input.email) !== prefilled) return 'changed'
  if (input.provider === 'google' || input.provider === 'facebook') return 'social'
  return prefilled === null ? 'changed' : null
}

export function emailTakenMessage(kind: EmailUniquenessCase): string {
  return kind === 'social' ? ProfileMessage.emailTakenSocial : ProfileMessage.emailTakenChanged
}

// Spec 000 §3: what the server knows before onboarding, to prefill the form.
export const OnboardingProfileSchema = z.object({
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  provider_user_id: z.nullable(z.string()),
})
export type OnboardingProfile = z.infer<typeof OnboardingProfileSchema>

// GET /api/v1/users/me and the answer of POST /api/v1/users/profile (spec 000 §3, §7). Names are
// null until onboarding is done. Contact and birth fields stay private: they are not here.
export const ProfileSchema = z.object({
  user_id: z.string(),
  display_name: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  email: z.string(),
  // Issue 37: a new address waiting for its link; `email` signs in and gets mail until then.
  pending_email: z.optional(z.nullable(z.string())),
  email_verified: z.boolean(),
  // Issue 39: false for a Google or Facebook account that never set one (the account screen
  // then asks for no current password).
  has_password: z.optional(z.boolean()),
  // Issue 42: the member's language; null follows the browser. Optional for profiles a device
  // saved before the setting existed.
  language: z.optional(LanguageSettingSchema),
  is_moderator: z.boolean(),
  roles: z.array(z.string()),
  has_profile: z.boolean(),
  onboarding_profile: z.nullable(OnboardingProfileSchema),
})
export type Profile = z.infer<typeof ProfileSchema>

export { isAdmin, isModerator } from './roles'

// Spec 000 §7: GET /api/v1/users/display-name?gender={male, female or empty}. Any other gender
// reads as empty (a neutral name) rather than failing a harmless GET.
export const DisplayNameQuerySchema = z.object({
  gender: z.catch(z.optional(z.enum(['male', 'female'])), undefined),
})
export type DisplayNameQuery = z.infer<typeof DisplayNameQuerySchema>

// Both spellings, because the spec's client reads either (spec 000 §7).
export const DisplayNameResponseSchema = z.object({
  displayName: z.string(),
  display_name: z.string(),
})
export type DisplayNameResponse = z.infer<typeof DisplayNameResponseSchema>
