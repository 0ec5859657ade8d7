import { count } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthMessage } from '@contract/auth'
import { ProfileMessage } from '@contract/users'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'
import { authTokensTable } from './tokens.table'
import { sessionsTable } from './sessions.table'

// Issue 3: malformed, mistyped, oversized or unicode-tricky input is a 400 with a message,
// never a 500 and never a stored change.
let t: TestApp
let cookie: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await signIn(t.app, await createUser(t.db, { hasProfile: false }))
})
afterAll(() => t.close())

const WRITES = [
  '/auth/identifier',
  '/auth/password',
  '/auth/signup',
  '/auth/resend-verification',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/api/v1/users/profile',
]
const READS = ['/auth/verify-email', '/auth/reset-password/validate', '/api/v1/users/display-name']

async function rowCounts() {
  const [users] = await t.db.select({ n: count() }).from(usersTable)
  const [sessions] = await t.db.select({ n: count() }).from(sessionsTable)
  const [tokens] = await t.db.select({ n: count() }).from(authTokensTable)
  return { users: users!.n, sessions: sessions!.n, tokens: tokens!.n }
}

const tricky = fc.oneof(
  fc.string(),
  fc.constantFrom('\u200b', '\u202e', '\u0000', '\ufeff', '\ud800', '𝕒@𝕓.𝕔𝕠'),
  fc.string().map((s) => `${s}\u202e@example.test`),
  fc.constant(`${'a'.repeat(10_000)}@example.test`),
)
const field = fc.oneof(
  tricky,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string()),
  fc.object(),
)
const body = fc.oneof(
  fc.record(
    {
      email: field,
      password: field,
      confirmPassword: field,
      newPassword: field,
      token: field,
      acceptTerms: field,
      rememberMe: field,
      captcha: field,
      first_name: field,
      birth_day: field,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
)

describe('bad input', () => {
  it('never answers 5xx nor changes a row, whatever the body', async () => {
    const before = await rowCounts()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITES), body, fc.nat(250), async (url, payload, ip) => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          remoteAddress: `10.9.0.${ip}`,
          headers: { cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        })
        expect(response.statusCode).toBeGreaterThanOrEqual(200)
        expect(response.statusCode).toBeLessThan(500)
      }),
      { numRuns: 150 },
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...READS), tricky, async (url, token) => {
        const response = await t.app.inject({
          method: 'GET',
          url,
          query: { token, gender: token },
          headers: { cookie },
        })
        expect(response.statusCode).toBeLessThan(500)
      }),
      { numRuns: 50 },
    )
    expect(await rowCounts()).toEqual(before)
  }, 60_000)

  it('answers malformed JSON with 400 invalid_json', async () => {
    for (const url of WRITES) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"email": "a@b.co",',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ title: 'invalid_json' })
    }
  })

  it.each([
    ['a 10 kB address', `${'a'.repeat(10_000)}@example.test`],
    ['a zero-width space', 'ann\u200b@example.test'],
    ['a right-to-left override', 'ann\u202e@example.test'],
  ])('refuses %s with the spec email message', async (_name, email) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/identifier',
      payload: { email },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain(AuthMessage.invalidEmail)
  })

  it('refuses a name with a bidi override instead of storing it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/profile',
      headers: { cookie },
      payload: {
        first_name: 'Ann\u202eeffil',
        last_name: 'Lee',
        email: 'ann@example.test',
        country_iso2: 'GB',
        gender: 'female',
        birth_month: 1,
        birth_day: 1,
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain(ProfileMessage.nameHiddenCharacters)
  })
})
