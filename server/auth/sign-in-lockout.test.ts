import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthMessage } from '@contract/auth'
import { CaptchaChallengeSchema, leadingZeroBits } from '@contract/captcha'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, type TestUser } from '../../tests/helpers/users'
import { AUTH_LIMITS } from '../rate-limit/auth-limits'
import { ACCOUNT_LOCK_AFTER } from './login-failures'

// Issue 37: nobody can lock an account's owner out by sending its address. Spec 000 §4/§7 still
// hold: the "not a robot" check after 3 failed attempts, and the 400 lock message.
let t: TestApp
let ipCounter = 0
const freshIp = () => `10.37.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

// The browser's puzzle, solved with node:crypto's synchronous SHA-256: milliseconds where the
// shared Web Crypto solver takes about a second, and these tests solve a dozen.
async function solvedCheck(ip: string) {
  const { id, salt, difficulty } = CaptchaChallengeSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/auth/captcha', remoteAddress: ip })).json(),
  )
  for (let nonce = 0; ; nonce++) {
    const hash = createHash('sha256').update(`${id}:${salt}:${nonce}`).digest()
    if (leadingZeroBits(hash) >= difficulty) return { id, nonce }
  }
}

async function attempt(
  user: Pick<TestUser, 'email'>,
  password: string,
  { ip = freshIp(), check = false }: { ip?: string; check?: boolean } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/password',
    remoteAddress: ip,
    payload: {
      email: user.email,
      password,
      rememberMe: false,
      ...(check ? { captcha: await solvedCheck(ip) } : {}),
    },
  })
  const problem = response.body ? response.json<{ title?: string; detail?: string }>() : {}
  return { status: response.statusCode, title: problem.title, detail: problem.detail }
}
const WRONG = 'Not-the-password-1'

describe('a stranger failing at an account', () => {
  it('without solving the check never locks the owner out', async () => {
    const owner = await createUser(t.db)
    for (let i = 0; i < 3; i++)
      expect(await attempt(owner, WRONG)).toMatchObject({
        status: 401,
        title: 'invalid_credentials',
      })
    // The account now asks for the check (spec 000 §7); skipping it gets the stranger nowhere.
    for (let i = 0; i < 2 * ACCOUNT_LOCK_AFTER; i++)
      expect(await attempt(owner, WRONG)).toMatchObject({ status: 401, title: 'captcha_required' })

    expect(await attempt(owner, owner.password)).toMatchObject({
      status: 401,
      title: 'captcha_required',
    })
    expect(await attempt(owner, owner.password, { check: true })).toMatchObject({ status: 204 })
  }, 30_000)

  it('with solved checks meets the lock message, and the owner still gets in', async () => {
    const owner = await createUser(t.db)
    for (let i = 0; i < ACCOUNT_LOCK_AFTER; i++) {
      const answer = await attempt(owner, WRONG, { check: true })
      expect(answer).toMatchObject({ status: 401, title: 'invalid_credentials' })
    }
    expect(await attempt(owner, WRONG, { check: true })).toEqual({
      status: 400,
      title: 'too_many_attempts',
      detail: AuthMessage.tooManyAttempts,
    })

    expect(await attempt(owner, owner.password, { check: true })).toMatchObject({ status: 204 })
  }, 30_000)

  it("past the address's rate limit only makes the owner solve the check", async () => {
    const owner = await createUser(t.db)
    for (let i = 0; i < AUTH_LIMITS.signIn.perAccount; i++) await attempt(owner, WRONG)
    expect(await attempt(owner, WRONG)).toMatchObject({ status: 401, title: 'captcha_required' })

    expect(await attempt(owner, owner.password)).toMatchObject({
      status: 401,
      title: 'captcha_required',
    })
    expect(await attempt(owner, owner.password, { check: true })).toMatchObject({ status: 204 })
  }, 30_000)
})
