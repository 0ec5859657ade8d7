import {
  type EmailUniquenessCase,
  emailTakenMessage,
  type Gender,
  type Profile,
  ProfileBodySchema,
} from '@contract/users'
import { normaliseEmail } from '@contract/auth'

// The onboarding form as the user edits it: every field is the text of its control, so nothing
// typed is reshaped or lost while it is still invalid. The contract's ProfileBodySchema is the
// only validator (spec 000 §5); this file maps it onto fields.

export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'gender',
  'country_iso2',
  'birth_month',
  'birth_day',
] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]

export type ProfileFormValues = Record<ProfileField, string> & { gender: Gender | '' }
export type ProfileFormErrors = Partial<Record<ProfileField, string>>

/** Where the form started: the prefill it compares against (spec 000 §5 uniqueness). */
export type ProfilePrefill = {
  values: ProfileFormValues
  provider: string | null
  providerUserId: string | null
}

// Spec 000 §4: prefilled from the onboarding profile (a social provider's answer), else from what
// the account already holds.
export function prefillFrom(profile: Profile): ProfilePrefill {
  const social = profile.onboarding_profile
  return {
    values: {
      first_name: social?.first_name ?? profile.first_name ?? '',
      last_name: social?.last_name ?? profile.last_name ?? '',
      email: social?.email ?? profile.email,
      phone_number: '',
      gender: '',
      country_iso2: '',
      birth_month: '',
      birth_day: '',
    },
    provider: social?.provider ?? null,
    providerUserId: social?.provider_user_id ?? null,
  }
}

/** A 409 `email_taken` for this address: the form stays blocked until the email changes. */
export type TakenEmail = { email: string; kind: EmailUniquenessCase }

export function validateProfile(
  values: ProfileFormValues,
  taken: TakenEmail | null,
): ProfileFormErrors {
  const errors: ProfileFormErrors = {}
  const result = ProfileBodySchema.safeParse(values)
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ProfileField
      errors[field] ??= issue.message
    }
  }
  if (taken && normaliseEmail(values.email) === taken.email && !errors.email) {
    errors.email = emailTakenMessage(taken.kind)
  }
  return errors
}

export function firstInvalidField(errors: ProfileFormErrors): ProfileField | undefined {
  return PROFILE_FIELDS.find((field) => errors[field] !== undefined)
}

export function isDirty(values: ProfileFormValues, initial: ProfileFormValues): boolean {
  return PROFILE_FIELDS.some((field) => values[field] !== initial[field])
}

// Spec 000 §3 "Profile as sent at onboarding", with the tenant and issuer fields sent empty.
// The display name is the one the notice showed, so the user saves what they were told.
export function toProfileBody(input: {
  values: ProfileFormValues
  prefill: ProfilePrefill
  userId: string
  displayName: string | null
  /** Asked for when a verified email changes (issue 37); never kept with the form's values. */
  currentPassword?: string | undefined
}) {
  const { values, prefill } = input
  const body = ProfileBodySchema.parse(values)
  return {
    ...body,
    ...(input.currentPassword ? { current_password: input.currentPassword } : {}),
    user_id: input.userId,
    display_name: input.displayName ?? undefined,
    provider: prefill.provider,
    provider_user_id: prefill.providerUserId,
    idp_provider: prefill.provider,
    tenant_id: '',
    issuer: '',
  }
}
