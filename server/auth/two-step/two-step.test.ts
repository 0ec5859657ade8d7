import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { stepAt, totpCode, turnOnTwoStep } from '../../../tests/helpers/two-step'
import { createUser, signIn, TEST_PASSWORD, type TestUser } from '../../../tests/helpers/users'
import { sessionCookieName } from '../session-cookie'

// Issue 39: two-step sign-in. Turned on with a code from the shown secret; a password sign-in of
// such a member then waits for a code or a recovery code, each taken once; wrong codes are
// limited like passwords.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function cookieOf(setCookie: string | string[] | undefined) {
  const name = sessionCookieName(t.app.deps.config)
  const line = [setCookie ?? []].flat().find((value) => value.startsWith(`${name}=`))
  return line!.split(';')[0]!
}

async function passwordSignIn(user: TestUser) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/auth/password',
    payload: { email: user.email, password: TEST_PASSWORD, rememberMe: true },
  })
  return { answer, cookie: cookieOf(answer.headers['set-cookie']) }
}

/** A member who turned two-step on; the secret and recovery codes their app and paper hold. */
async function memberWithTwoStep() {
  const user = await createUser(t.db)
  const cookie = await signIn(t.app, user)
  const start = await call(t.app, cookie, 'POST', '/api/v1/users/me/totp')
  const { secret } = start.json<{ secret: string }>()
  const confirmed = await call(t.app, cookie, 'POST', '/api/v1/users/me/totp/confirm', {
    code: totpCode(secret, stepAt(t.app.deps.now())),
  })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes
  return { user, secret, codes, cookie: cookieOf(confirmed.headers['set-cookie']) }
}

describe('turning two-step sign-in on', () => {
  it('answers a secret for the app, takes only a code from it, then answers ten recovery codes once', async () => {
    const user = await createUser(t.db)
    const cookie = await signIn(t.app, user)
    expect((await call(t.app, cookie, 'GET', '/api/v1/users/me/totp')).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    })
    const start = await call(t.app, cookie, 'POST', '/api/v1/users/me/totp')
    expect(start.statusCode).toBe(200)
    const { secret, otpauth_url: url } = start.json<{ secret: string; otpauth_url: string }>()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const parsed = new URL(url)
    expect(parsed.protocol).toBe('otpauth:')
    expect(parsed.searchParams.get('secret')).toBe(secret)
    expect(decodeURIComponent(parsed.pathname)).toContain(user.email)

    const confirm = (code: string) =>
      call(t.app, cookie, 'POST', '/api/v1/users/me/totp/confirm', { code })
    const now = stepAt(t.app.deps.now())
    const other = (
      await call(
        t.app,
        await signIn(t.app, await createUser(t.db)),
        'POST',
        '/api/v1/users/me/totp',
      )
    ).json<{ secret: string }>().secret
    const fromOtherSecret = await confirm(totpCode(other, now))
    expect(fromOtherSecret.json()).toMatchObject({
      status: 400,
      title: 'second_factor_code_wrong',
      errors: [{ field: 'code' }],
    })
    expect((await confirm(totpCode(secret, now + 3))).statusCode).toBe(400)
    expect((await confirm('12345')).json()).toMatchObject({
      status: 400,
      title: 'validation_error',
    })

    const confirmed = await confirm(totpCode(secret, now))
    expect(confirmed.statusCode).toBe(200)
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const fresh = cookieOf(confirmed.headers['set-cookie'])
    expect(fresh).not.toBe(cookie)
    expect((await call(t.app, fresh, 'GET', '/api/v1/users/me/totp')).json()).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    })
    // On, it is not started over: the secret in the member's app stays the one in force.
    const again = await call(t.app, fresh, 'POST', '/api/v1/users/me/totp')
    expect(again.json()).toMatchObject({ status: 409, title: 'two_step_already_on' })
  })

  it('makes every other session of the member wait for a code', async () => {
    const user = await createUser(t.db)
    const phone = await signIn(t.app, user)
    const laptop = await signIn(t.app, user)
    await turnOnTwoStep(t.app, user.id, laptop)
    expect((await call(t.app, phone, 'GET', '/api/v1/users/me')).statusCode).toBe(401)
  })
})

describe('signing in with two steps', () => {
  it('answers second_factor_needed to the right password, and serves nothing until the code', async () => {
    const { user, secret } = await memberWithTwoStep()
    const { answer, cookie } = await passwordSignIn(user)
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({
      type: 'urn:problem:second_factor_needed',
      detail: 'Enter the code from your authenticator app to finish signing in.',
    })
    expect((await call(t.app, cookie, 'GET', '/api/v1/users/me')).statusCode).toBe(401)
    expect((await call(t.app, cookie, 'GET', '/api/v1/intentions')).statusCode).toBe(401)
    expect(
      (await call(t.app, cookie, 'POST', '/hub/notifications/negotiate?negotiateVersion=1'))
        .statusCode,
    ).toBe(401)

    const now = stepAt(t.app.deps.now())
    const second = (payload: object) => call(t.app, cookie, 'POST', '/auth/second-factor', payload)
    expect((await second({ code: totpCode(secret, now + 2) })).json()).toMatchObject({
      status: 400,
      title: 'second_factor_code_wrong',
    })
    const done = await second({ code: totpCode(secret, now + 1) })
    expect(done.statusCode, done.body).toBe(204)
    const signedIn = cookieOf(done.headers['set-cookie'])
    expect(signedIn).not.toBe(cookie)
    expect((await call(t.app, signedIn, 'GET', '/api/v1/users/me')).statusCode).toBe(200)
    // The half-done session's token was replaced, not raised.
    expect((await call(t.app, cookie, 'GET', '/api/v1/users/me')).statusCode).toBe(401)

    // A code is good once, and an earlier step is not taken after a later one.
    const later = await passwordSignIn(user)
    for (const step of [now + 1, now])
      expect(
        (
          await call(t.app, later.cookie, 'POST', '/auth/second-factor', {
            code: totpCode(secret, step),
          })
        ).statusCode,
      ).toBe(400)
  })

  it('takes each recovery code once, typed with or without its dash, in any case', async () => {
    const { user, codes } = await memberWithTwoStep()
    const first = await passwordSignIn(user)
    const typed = codes[0]!.replace('-', ' ').toUpperCase()
    const used = await call(t.app, first.cookie, 'POST', '/auth/second-factor', {
      recovery_code: typed,
    })
    expect(used.statusCode, used.body).toBe(204)
    const status = await call(
      t.app,
      cookieOf(used.headers['set-cookie']),
      'GET',
      '/api/v1/users/me/totp',
    )
    expect(status.json()).toEqual({ enabled: true, recovery_codes_left: 9 })

    const second = await passwordSignIn(user)
    const again = await call(t.app, second.cookie, 'POST', '/auth/second-factor', {
      recovery_code: codes[0],
    })
    expect(again.json()).toMatchObject({
      status: 400,
      detail: 'That recovery code is not right, or it was already used.',
      errors: [{ field: 'recovery_code' }],
    })
  })

  it('refuses an eleventh try in the window, even a right code', async () => {
    const { user, secret } = await memberWithTwoStep()
    const { cookie } = await passwordSignIn(user)
    const now = stepAt(t.app.deps.now())
    for (let i = 0; i < 10; i += 1)
      expect(
        (await call(t.app, cookie, 'POST', '/auth/second-factor', { recovery_code: `wrong-${i}` }))
          .statusCode,
      ).toBe(400)
    const right = await call(t.app, cookie, 'POST', '/auth/second-factor', {
      code: totpCode(secret, now + 1),
    })
    expect(right.json()).toMatchObject({ status: 429, title: 'too_many_attempts' })
  })

  it('answers 401 to a second step without a password first', async () => {
    const answer = await call(t.app, undefined, 'POST', '/auth/second-factor', { code: '123456' })
    expect(answer.statusCode).toBe(401)
  })
})

describe('turning two-step sign-in off', () => {
  it('asks for the password, then signs in with the password alone', async () => {
    const { user, cookie } = await memberWithTwoStep()
    const wrong = await call(t.app, cookie, 'DELETE', '/api/v1/users/me/totp', {
      password: 'nope-nope-nope',
    })
    expect(wrong.statusCode).toBe(403)
    const off = await call(t.app, cookie, 'DELETE', '/api/v1/users/me/totp', {
      password: TEST_PASSWORD,
    })
    expect(off.statusCode, off.body).toBe(204)
    expect((await passwordSignIn(user)).answer.statusCode).toBe(204)
    const twice = await call(t.app, cookie, 'DELETE', '/api/v1/users/me/totp', {
      password: TEST_PASSWORD,
    })
    expect(twice.json()).toMatchObject({ status: 409, title: 'two_step_not_on' })
  })
})
