import { ProfileMessage, type Profile } from '@contract/users'
import { describe, expect, it } from 'vitest'
import { type ProfileFormValues, prefillFrom, toProfileBody, validateProfile } from './profile-form'

const valid: ProfileFormValues = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.org',
  phone_number: '',
  gender: 'female',
  country_iso2: 'FR',
  birth_month: '2',
  birth_day: '14',
}

const account: Profile = {
  user_id: 'u1',
  display_name: 'Gentle Dove',
  first_name: null,
  last_name: null,
  email: 'ann@example.org',
  email_verified: false,
  is_moderator: false,
  roles: ['member'],
  has_profile: false,
  onboarding_profile: null,
}

describe('validateProfile', () => {
  it('accepts a complete profile', () => {
    expect(validateProfile(valid, null)).toEqual({})
  })

  // Spec 000 §5: 29 for February, 30 for April, June, September, November, otherwise 31.
  it.each([
    { month: '2', day: '29', error: undefined },
    { month: '2', day: '30', error: 'Please enter a valid day (1–29) for the selected month.' },
    { month: '4', day: '30', error: undefined },
    { month: '4', day: '31', error: 'Please enter a valid day (1–30) for the selected month.' },
    { month: '11', day: '31', error: 'Please enter a valid day (1–30) for the selected month.' },
    { month: '1', day: '31', error: undefined },
    { month: '1', day: '32', error: 'Please enter a valid day (1–31) for the selected month.' },
    { month: '1', day: '0', error: 'Please enter a valid day (1–31) for the selected month.' },
    { month: '1', day: '2.5', error: 'Please enter a valid day (1–31) for the selected month.' },
  ])('month $month, day $day', ({ month, day, error }) => {
    expect(validateProfile({ ...valid, birth_month: month, birth_day: day }, null).birth_day).toBe(
      error,
    )
  })

  // Spec 000 §5/§9: optional, 7 to 15 digits, only digits and the usual separators.
  it.each([
    { phone: '', ok: true },
    { phone: '123 456', ok: false },
    { phone: '123 4567', ok: true },
    { phone: '+1 (234) 567-890.12345', ok: true },
    { phone: '1234567890123456', ok: false },
    { phone: '12345a67', ok: false },
    { phone: '12+34567', ok: false },
  ])('phone "$phone" valid: $ok', ({ phone, ok }) => {
    expect(validateProfile({ ...valid, phone_number: phone }, null).phone_number).toBe(
      ok ? undefined : ProfileMessage.invalidPhone,
    )
  })

  it('requires a country chosen from the list', () => {
    expect(validateProfile({ ...valid, country_iso2: '' }, null).country_iso2).toBe(
      'Please select a country from the list.',
    )
    expect(validateProfile({ ...valid, country_iso2: 'XX' }, null).country_iso2).toBe(
      'Please select a country from the list.',
    )
  })

  it('reports every required field of an empty form', () => {
    const empty = prefillFrom({ ...account, email: '' }).values
    expect(Object.keys(validateProfile(empty, null)).sort()).toEqual(
      [
        'birth_day',
        'birth_month',
        'country_iso2',
        'email',
        'first_name',
        'gender',
        'last_name',
      ].sort(),
    )
  })

  it('blocks a taken email until it changes, with the message of its case', () => {
    const taken = { email: 'ann@example.org', kind: 'social' as const }
    expect(validateProfile({ ...valid, email: 'ANN@example.org ' }, taken).email).toBe(
      'This email is already used by an existing account. Sign in with your password to link, or use a different email.',
    )
    expect(validateProfile(valid, { ...taken, kind: 'changed' }).email).toBe(
      'Email already in use. Sign in with this email or linked social, or try another.',
    )
    expect(validateProfile({ ...valid, email: 'ann@another.org' }, taken).email).toBeUndefined()
  })
})

describe('prefill and body', () => {
  it('prefers the social onboarding profile over the account', () => {
    const prefill = prefillFrom({
      ...account,
      onboarding_profile: {
        first_name: 'Annie',
        last_name: 'Lee',
        email: 'annie@gmail.test',
        provider: 'google',
        provider_user_id: 'g-1',
      },
    })
    expect(prefill.values).toMatchObject({
      first_name: 'Annie',
      last_name: 'Lee',
      email: 'annie@gmail.test',
    })
    expect(prefill.provider).toBe('google')
  })

  it('sends the spec 000 §3 shape: ISO2 country, numeric birth fields, empty tenant and issuer', () => {
    const body = toProfileBody({
      values: { ...valid, country_iso2: 'fr', phone_number: ' ' },
      prefill: prefillFrom(account),
      userId: 'u1',
      displayName: 'Gentle Dove',
    })
    expect(body).toMatchObject({
      user_id: 'u1',
      display_name: 'Gentle Dove',
      country_iso2: 'FR',
      birth_month: 2,
      birth_day: 14,
      gender: 'female',
      tenant_id: '',
      issuer: '',
    })
    expect(body.phone_number).toBeUndefined()
  })
})
