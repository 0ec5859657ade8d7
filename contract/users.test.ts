import { describe, expect, it } from 'vitest'
import {
  DisplayNameQuerySchema,
  DisplayNameResponseSchema,
  GENDERS,
  GENDER_LABELS,
  ProfileBodySchema,
  ProfileMessage,
  ProfileSchema,
  emailTakenMessage,
  emailUniquenessCase,
  invalidDayMessage,
  isAdmin,
  isModerator,
  maxDayOfMonth,
} from './users'

const profile = {
  user_id: 'u1',
  display_name: 'Gentle Olive 42',
  first_name: 'Ann',
  last_name: 'Smith',
  email: 'ann@example.org',
  phone_number: '+1 (555) 123-4567',
  country_iso2: 'US',
  gender: 'female',
  birth_month: 2,
  birth_day: 14,
  provider: 'google',
  provider_user_id: '1234',
  idp_provider: 'google',
}

function errorsFor(change: Record<string, unknown>): Record<string, string[]> {
  const result = ProfileBodySchema.safeParse({ ...profile, ...change })
  const errors: Record<string, string[]> = {}
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.')
    errors[field] = [...(errors[field] ?? []), issue.message]
  }
  return errors
}

describe('onboarding profile body (spec 000 §3, §5)', () => {
  it('accepts the form as the client sends it, stripping the empty tenant and issuer fields', () => {
    const parsed = ProfileBodySchema.parse({
      ...profile,
      tenant_id: '',
      issuer: '',
      idp_tenant: '',
    })
    expect(parsed).toEqual(profile)
  })

  it('trims names and reads numbers typed as text', () => {
    const parsed = ProfileBodySchema.parse({
      ...profile,
      first_name: '  Ann ',
      birth_month: '4',
      birth_day: '30',
      country_iso2: 'us',
    })
    expect(parsed).toMatchObject({
      first_name: 'Ann',
      birth_month: 4,
      birth_day: 30,
      country_iso2: 'US',
    })
  })

  it.each([
    ['first_name', 'First name is required.'],
    ['last_name', 'Last name is required.'],
    ['gender', 'Please select a gender.'],
    ['country_iso2', 'Please select a country from the list.'],
    ['birth_month', 'Please select a month of birth.'],
    ['email', 'Enter a valid email address.'],
  ])('requires %s', (field, message) => {
    expect(errorsFor({ [field]: undefined })[field]).toEqual([message])
    expect(errorsFor({ [field]: '   ' })[field]).toEqual([message])
  })

  it('requires a birth day, naming the range of the chosen month', () => {
    expect(errorsFor({ birth_day: undefined }).birth_day).toEqual([
      'Please enter a valid day (1–29) for the selected month.',
    ])
  })

  it.each([
    [2, 28, true],
    [2, 29, true],
    [2, 30, false],
    [4, 30, true],
    [4, 31, false],
    [6, 31, false],
    [9, 31, false],
    [11, 31, false],
    [1, 31, true],
    [1, 32, false],
    [12, 31, true],
    [1, 0, false],
    [1, -1, false],
    [1, 1, true],
    [3, 1.5, false],
    [3, '12a', false],
  ])('month %i, day %j: valid %s', (month, day, valid) => {
    const errors = errorsFor({ birth_month: month, birth_day: day })
    expect(errors.birth_day).toEqual(valid ? undefined : [invalidDayMessage(month)])
  })

  it('fills the month maximum into the day message with an en dash', () => {
    expect(invalidDayMessage(2)).toBe('Please enter a valid day (1–29) for the selected month.')
    expect(invalidDayMessage(4)).toBe('Please enter a valid day (1–30) for the selected month.')
    expect(invalidDayMessage(1)).toBe('Please enter a valid day (1–31) for the selected month.')
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(maxDayOfMonth)).toEqual([
      31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ])
  })

  it.each([0, 13, 1.5, 'March'])('refuses the month %j', (month) => {
    expect(errorsFor({ birth_month: month }).birth_month).toEqual([
      'Please select a month of birth.',
    ])
  })

  it('shows the day error together with other field errors', () => {
    expect(Object.keys(errorsFor({ first_name: '', birth_month: 2, birth_day: 30 }))).toEqual([
      'first_name',
      'birth_day',
    ])
  })

  const phoneMessage = 'Enter a valid phone number (digits, spaces, dashes, parentheses, +).'
  it.each([
    ['6 digits', '123456', false],
    ['7 digits', '1234567', true],
    ['15 digits', '123456789012345', true],
    ['16 digits', '1234567890123456', false],
    ['separators', '+44 (20) 7946.0958-1', true],
    ['a letter', '555-CALL-NOW', false],
    ['a plus in the middle', '555+1234567', false],
    ['two leading pluses', '++15551234567', false],
    ['a slash', '555/1234567', false],
    ['an extension word', '5551234567 ext 2', false],
    ['non-ASCII digits', '١٢٣٤٥٦٧٨', false],
  ])('phone with %s: valid %s', (_case, phone, valid) => {
    expect(errorsFor({ phone_number: phone }).phone_number).toEqual(
      valid ? undefined : [phoneMessage],
    )
  })

  it.each([undefined, null, '', '   '])('treats the phone %j as not given', (phone) => {
    expect(
      ProfileBodySchema.parse({ ...profile, phone_number: phone }).phone_number,
    ).toBeUndefined()
  })

  it.each(['XX', 'ZZ', 'USA', 'United States', '1'])('refuses the country %j', (country) => {
    expect(errorsFor({ country_iso2: country }).country_iso2).toEqual([
      'Please select a country from the list.',
    ])
  })

  it.each(GENDERS)('accepts the gender %s', (gender) => {
    expect(errorsFor({ gender }).gender).toBeUndefined()
  })

  it('refuses a gender outside the list', () => {
    expect(errorsFor({ gender: 'unknown' }).gender).toEqual(['Please select a gender.'])
  })

  it.each([
    ['a zero-width space', 'An\u200bn'],
    ['a right-to-left override', 'Ann\u202Egnp.exe'],
    ['a control character', 'Ann\u0000'],
    ['a line separator', 'Ann\u2028Smith'],
    ['a Hangul filler', '\u3164'],
  ])('refuses a name with %s', (_case, name) => {
    expect(errorsFor({ first_name: name }).first_name).toEqual([
      'Names cannot contain hidden or control characters.',
    ])
  })

  it('keeps names from any script, and bounds their length at 80', () => {
    expect(errorsFor({ first_name: 'Zoë', last_name: 'Nguyễn' })).toEqual({})
    expect(errorsFor({ first_name: '李', last_name: "O'Brien-Ó" })).toEqual({})
    expect(errorsFor({ last_name: 'a'.repeat(80) })).toEqual({})
    expect(errorsFor({ last_name: 'a'.repeat(81) }).last_name).toEqual([
      'Names can be at most 80 characters.',
    ])
  })
})

describe('email uniqueness on onboarding (spec 000 §5)', () => {
  it.each([
    ['a social email kept as prefilled', 'ann@x.org', 'ann@x.org', 'google', 'social'],
    ['a social email changed', 'new@x.org', 'ann@x.org', 'facebook', 'changed'],
    ['a local email changed', 'new@x.org', 'ann@x.org', 'local', 'changed'],
    ['a local email kept, differing only in case', 'ANN@x.org ', 'ann@x.org', null, null],
    ['a social account without an email', 'ann@x.org', null, 'facebook', 'social'],
  ] as const)('checks %s as %s', (_case, email, prefilledEmail, provider, expected) => {
    expect(emailUniquenessCase({ email, prefilledEmail, provider })).toBe(expected)
  })

  it('has one message per case', () => {
    expect(emailTakenMessage('social')).toBe(
      'This email is already used by an existing account. Sign in with your password to link, or use a different email.',
    )
    expect(emailTakenMessage('changed')).toBe(
      'Email already in use. Sign in with this email or linked social, or try another.',
    )
  })
})

describe('profile save failures (spec 000 §8)', () => {
  it('words the alert and the exception exactly as the spec', () => {
    expect(ProfileMessage.saveFailed).toBe('Failed to save your profile. Please try again.')
    expect(ProfileMessage.saveError).toBe('An error occurred while saving your profile.')
  })
})

describe('moderator detection (spec 000 §3)', () => {
  it.each([
    [{ is_moderator: true }, true],
    [{ is_moderator: 'true' }, true],
    [{ roles: ['member', 'moderator'] }, true],
    [{ roles: ['Admin'] }, true],
    [{ role: 'owner' }, true],
    [{ role: 'member, admin' }, true],
    [{ permissions: ['owner'] }, true],
    [{ is_moderator: false, roles: ['member'], role: 'user', permissions: ['post'] }, false],
    [{ roles: ['moderators', 'administrator'] }, false],
    [{}, false],
  ])('%j is a moderator: %s', (candidate, expected) => {
    expect(isModerator(candidate)).toBe(expected)
  })
})

describe('admin detection (issue 8: audit log and roles screen)', () => {
  it.each([
    [{ roles: ['member', 'admin'] }, true],
    [{ role: 'Owner' }, true],
    [{ permissions: 'admin' }, true],
    [{ is_moderator: true }, false],
    [{ roles: ['member', 'moderator'] }, false],
    [{ roles: ['administrator'] }, false],
    [{}, false],
  ])('%j is an admin: %s', (candidate, expected) => {
    expect(isAdmin(candidate)).toBe(expected)
  })
})

describe('profile and display name wire shapes (spec 000 §3, §7)', () => {
  it('strips private fields from the profile answer', () => {
    const answer = {
      user_id: 'u1',
      display_name: 'Gentle Olive 42',
      first_name: 'Ann',
      last_name: 'Smith',
      email: 'ann@example.org',
      email_verified: false,
      is_moderator: false,
      roles: [],
      has_profile: true,
      onboarding_profile: null,
    }
    expect(ProfileSchema.parse({ ...answer, phone_number: '555', password_hash: 'x' })).toEqual(
      answer,
    )
  })

  it('reads the display-name gender tolerantly', () => {
    expect(DisplayNameQuerySchema.parse({ gender: 'female' })).toEqual({ gender: 'female' })
    expect(DisplayNameQuerySchema.parse({ gender: '' })).toEqual({ gender: undefined })
    expect(DisplayNameQuerySchema.parse({ gender: 'other' })).toEqual({ gender: undefined })
    expect(DisplayNameQuerySchema.parse({})).toEqual({ gender: undefined })
  })

  it('answers the display name in both spellings', () => {
    const answer = { displayName: 'Faithful Cedar 7', display_name: 'Faithful Cedar 7' }
    expect(DisplayNameResponseSchema.parse(answer)).toEqual(answer)
    expect(DisplayNameResponseSchema.safeParse({ displayName: 'x' }).success).toBe(false)
  })

  it('labels every gender option', () => {
    expect(GENDERS.map((gender) => GENDER_LABELS[gender])).toEqual([
      'Female',
      'Male',
      'Other',
      'Prefer not to say',
    ])
  })
})
