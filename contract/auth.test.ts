import { describe, expect, it } from 'vitest'
import {
  AuthErrorCode,
  AuthMessage,
  FAILED_ATTEMPTS_BEFORE_CAPTCHA,
  IDENTIFIER_DEBOUNCE_MS,
  PASSWORD_RULES,
  EmailSchema,
  IdentifierResponseSchema,
  NewPasswordSchema,
  PasswordSignInBodySchema,
  ResetPasswordBodySchema,
  SessionResponseSchema,
  SignUpBodySchema,
  SocialStartQuerySchema,
  authProblemFor,
  normaliseEmail,
  passwordRuleResults,
  safeNextPath,
} from './auth'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('spec 000 §8 and §9 wording and limits', () => {
  it.each([
    ['somethingWentWrong', 'Something went wrong. Please try again.'],
    ['invalidCredentials', "We couldn't find a user with that email and password."],
    ['tooManyAttempts', 'Too many attempts. Try again later or reset your password.'],
    ['captchaRequired', 'Please complete the CAPTCHA or reset your password.'],
    [
      'weakPassword',
      'Password does not meet security requirements. Use at least 12 chars with upper, lower, and a number.',
    ],
    ['reviewDetails', 'Please review your details and try again.'],
    ['resetFailed', 'The link is invalid or expired. Try resetting your password again.'],
    [
      'forgotPasswordSent',
      "If there's an account with this email, you'll receive reset instructions.",
    ],
    ['invalidLink', 'Invalid or expired link'],
  ] as const)('%s reads exactly as the spec', (key, text) => {
    expect(AuthMessage[key]).toBe(text)
  })

  it('asks for the captcha after 3 failures and debounces the identifier check 400 ms', () => {
    expect([FAILED_ATTEMPTS_BEFORE_CAPTCHA, IDENTIFIER_DEBOUNCE_MS]).toEqual([3, 400])
  })

  it('labels each line of the live password checklist', () => {
    expect(PASSWORD_RULES.map((rule) => rule.label)).toEqual([
      'At least 12 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
    ])
  })
})

describe('email rule (spec 000 §5)', () => {
  it.each([
    'ann@example.org',
    'a.b+c@mail.example.co',
    'ann@x.io',
    '  ann@example.org  ',
    `${'a'.repeat(242)}@example.org`,
  ])('accepts %j', (email) => {
    expect(EmailSchema.safeParse(email).success).toBe(true)
  })

  it.each([
    ['a space', 'ann smith@example.org'],
    ['two at signs', 'ann@@example.org'],
    ['two at signs apart', 'ann@home@example.org'],
    ['no at sign', 'ann.example.org'],
    ['a one-character suffix', 'ann@example.o'],
    ['no dot after the at sign', 'ann@example'],
    ['nothing before the at sign', '@example.org'],
    ['empty', ''],
    ['a zero-width space', 'ann\u200b@example.org'],
    ['a control character', 'ann\u0007@example.org'],
    ['more than 254 characters', `${'a'.repeat(243)}@example.org`],
    ['not a string', 42],
    ['missing', undefined],
  ])('refuses an email with %s', (_case, email) => {
    expect(messagesOf(EmailSchema.safeParse(email))).toEqual(['Enter a valid email address.'])
  })

  it('trims but keeps case in the value; identity comparison uses normaliseEmail', () => {
    expect(EmailSchema.parse(' Ann@Example.ORG ')).toBe('Ann@Example.ORG')
    expect(normaliseEmail(' Ann@Example.ORG ')).toBe('ann@example.org')
  })
})

describe('sign-up password rules (spec 000 §5, §9)', () => {
  it.each([
    ['11 characters', 'Abcdefghij1', { length: false, upper: true, lower: true, digit: true }],
    ['12 characters', 'Abcdefghijk1', { length: true, upper: true, lower: true, digit: true }],
    ['no uppercase', 'abcdefghijk1', { length: true, upper: false, lower: true, digit: true }],
    ['no lowercase', 'ABCDEFGHIJK1', { length: true, upper: true, lower: false, digit: true }],
    ['no digit', 'Abcdefghijkl', { length: true, upper: true, lower: true, digit: false }],
    ['empty', '', { length: false, upper: false, lower: false, digit: false }],
  ])('the live checklist for %s', (_case, password, expected) => {
    expect(passwordRuleResults(password)).toEqual(expected)
    const valid = Object.values(expected).every(Boolean)
    expect(messagesOf(NewPasswordSchema.safeParse(password))).toEqual(
      valid
        ? []
        : ['Password must be at least 12 characters and include upper, lower, and a number.'],
    )
  })

  it('counts characters as people see them, not UTF-16 units', () => {
    expect(passwordRuleResults('Abcdefghij1😀').length).toBe(true)
    expect(passwordRuleResults('Abcdefghi1😀').length).toBe(false)
  })

  it('accepts 256 characters and refuses 257 with its own message', () => {
    const at = (length: number) => `Aa1${'x'.repeat(length - 3)}`
    expect(NewPasswordSchema.safeParse(at(256)).success).toBe(true)
    expect(messagesOf(NewPasswordSchema.safeParse(at(257)))).toEqual([AuthMessage.passwordTooLong])
  })
})

const signUp = {
  email: 'ann@example.org',
  password: 'Abcdefghijk1',
  confirmPassword: 'Abcdefghijk1',
  acceptTerms: true,
}

describe('sign-up body (spec 000 §5, §7, §8)', () => {
  it('accepts a complete sign-up', () => {
    expect(SignUpBodySchema.parse(signUp)).toEqual(signUp)
  })

  it.each([
    [
      'a weak password',
      { password: 'short1A', confirmPassword: 'short1A' },
      'weak_password',
      'Password does not meet security requirements. Use at least 12 chars with upper, lower, and a number.',
    ],
    ['a missing password', { password: undefined }, 'weak_password', AuthMessage.weakPassword],
    [
      'a different confirmation',
      { confirmPassword: 'Abcdefghijk2' },
      'password_mismatch',
      'Passwords do not match.',
    ],
    [
      'a huge confirmation',
      { confirmPassword: 'x'.repeat(2000) },
      'password_mismatch',
      AuthMessage.passwordMismatch,
    ],
    [
      'terms not accepted',
      { acceptTerms: false },
      'terms_required',
      'You must accept the Terms and Privacy Policy to continue.',
    ],
    ['terms missing', { acceptTerms: undefined }, 'terms_required', AuthMessage.termsRequired],
    ['terms as a string', { acceptTerms: 'true' }, 'terms_required', AuthMessage.termsRequired],
    ['an invalid email', { email: 'ann@x' }, 'invalid_email', 'Enter a valid email address.'],
    [
      'a too long password',
      { password: `Aa1${'x'.repeat(300)}` },
      'invalid_details',
      'Please review your details and try again.',
    ],
  ])('maps %s to its title code and message', (_case, change, code, message) => {
    const result = SignUpBodySchema.safeParse({ ...signUp, ...change })
    expect(result.success).toBe(false)
    expect(authProblemFor(result.error!)).toEqual({ code, message })
  })

  it('reports every field problem at once, so the form can show them together', () => {
    const result = SignUpBodySchema.safeParse({
      email: 'nope',
      password: 'Abcdefghijk1',
      confirmPassword: 'different',
      acceptTerms: false,
    })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'Enter a valid email address.'],
      ['acceptTerms', 'You must accept the Terms and Privacy Policy to continue.'],
      ['confirmPassword', 'Passwords do not match.'],
    ])
    expect(authProblemFor(result.error!).code).toBe(AuthErrorCode.passwordMismatch)
  })
})

describe('reset password body (spec 000 §5, §7)', () => {
  const reset = { token: 'tok', newPassword: 'Abcdefghijk1', confirmPassword: 'Abcdefghijk1' }

  it('accepts a matching strong password', () => {
    expect(ResetPasswordBodySchema.parse(reset)).toEqual(reset)
  })

  it.each([
    [{ confirmPassword: 'Abcdefghijk2' }, 'password_mismatch'],
    [{ newPassword: 'abcdefghijk1', confirmPassword: 'abcdefghijk1' }, 'weak_password'],
    [{ token: '' }, 'invalid_details'],
  ])('refuses %j as %s', (change, code) => {
    const result = ResetPasswordBodySchema.safeParse({ ...reset, ...change })
    expect(result.success).toBe(false)
    expect(authProblemFor(result.error!).code).toBe(code)
  })
})

describe('password sign-in body (spec 000 §7)', () => {
  it('accepts an old password that predates the current rules, with a tolerant rememberMe', () => {
    const body = PasswordSignInBodySchema.parse({
      email: 'a@b.co',
      password: 'x',
      rememberMe: 'yes',
    })
    expect(body).toEqual({ email: 'a@b.co', password: 'x', rememberMe: true })
  })

  it('reads a missing rememberMe as false and carries a captcha solution', () => {
    const captcha = { id: 'c1', nonce: 7 }
    expect(PasswordSignInBodySchema.parse({ email: 'a@b.co', password: 'x', captcha })).toEqual({
      email: 'a@b.co',
      password: 'x',
      rememberMe: false,
      captcha,
    })
  })

  it.each([{ password: '' }, { password: 'x'.repeat(257) }, { email: 'a b@c.de' }])(
    'refuses %j',
    (change) => {
      const body = { email: 'a@b.co', password: 'x', rememberMe: true, ...change }
      expect(PasswordSignInBodySchema.safeParse(body).success).toBe(false)
    },
  )
})

describe('responses (spec 000 §7)', () => {
  it('reads the identifier answer', () => {
    const answer = { providers: ['google', 'facebook'], hasLocal: false, next: 'signup' }
    expect(IdentifierResponseSchema.parse(answer)).toEqual(answer)
    expect(IdentifierResponseSchema.safeParse({ ...answer, providers: ['twitter'] }).success).toBe(
      false,
    )
  })

  it('allows an unknown profile state in the session answer', () => {
    expect(
      SessionResponseSchema.parse({ isAuthenticated: false, hasProfile: null, isPending: false }),
    ).toEqual({ isAuthenticated: false, hasProfile: null, isPending: false })
    expect(SessionResponseSchema.safeParse({ isAuthenticated: true }).success).toBe(false)
  })
})

describe('next targets stay on this site (DESIGN §5)', () => {
  it.each(['/prayerwall', '/onboarding?step=2', '/testimonies?highlight=abc#top', '/'])(
    'keeps %j',
    (next) => {
      expect(safeNextPath(next, '/fallback')).toBe(next)
    },
  )

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'prayerwall',
    '',
    'javascript:alert(1)',
    undefined,
    ['/prayerwall'],
  ])('replaces %j with the fallback', (next) => {
    expect(safeNextPath(next, '/fallback')).toBe('/fallback')
  })

  it('defaults social sign-in to /onboarding (spec 000 §9)', () => {
    expect(SocialStartQuerySchema.parse({})).toEqual({ next: '/onboarding' })
    expect(SocialStartQuerySchema.parse({ next: '//evil.example' })).toEqual({
      next: '/onboarding',
    })
    expect(SocialStartQuerySchema.parse({ next: '/prayerwall' })).toEqual({ next: '/prayerwall' })
  })
})
