import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthMessage } from '@contract/auth'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { lastLinkTo, mailsTo } from '../../tests/helpers/mailbox'
import { createUser, signIn } from '../../tests/helpers/users'
import { sessionsTable } from './sessions.table'

let t: TestApp
let clock = new Date('2026-03-01T10:00:00Z')

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

const NEW_PASSWORD = 'Evening-psalm-77'
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } })
const validate = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/auth/reset-password/validate?token=${encodeURIComponent(token)}`,
  })
const reset = (token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/reset-password',
    payload: { token, newPassword, confirmPassword },
  })
const passwordSignIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/password',
    payload: { email, password, rememberMe: false },
  })

async function resetTokenFor(email: string) {
  await forgot(email)
  const link = await lastLinkTo(t.app, email)
  expect(link.pathname).toBe('/reset-password')
  return link.searchParams.get('token')!
}

describe('POST /auth/forgot-password', () => {
  it('answers the same neutral message whether or not the account exists, and mails only the owner', async () => {
    const user = await createUser(t.db)
    const known = await forgot(user.email)
    const unknown = await forgot('nobody-at-all@example.test')
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(known.json()).toEqual({ message: AuthMessage.forgotPasswordSent })
    expect(unknown.json()).toEqual(known.json())
    expect((await mailsTo(t.app, user.email))[0]!.subject).toBe('Reset your password')
    expect(await mailsTo(t.app, 'nobody-at-all@example.test')).toEqual([])
  })
})

describe('resetting the password', () => {
  it('validates the link, sets the new password, signs out every session and says so by mail', async () => {
    const user = await createUser(t.db)
    const phone = await signIn(t.app, user)
    const laptop = await signIn(t.app, user)
    const token = await resetTokenFor(user.email)
    expect((await validate(token)).statusCode).toBe(204)

    expect((await reset(token)).statusCode).toBe(204)
    expect(
      await t.db.select().from(sessionsTable).where(eq(sessionsTable.userId, user.id)),
    ).toEqual([])
    for (const cookie of [phone, laptop]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/auth/session',
        headers: { cookie },
      })
      expect(response.json()).toEqual({
        isAuthenticated: false,
        hasProfile: null,
        isPending: false,
      })
    }
    expect((await mailsTo(t.app, user.email))[0]!.subject).toBe('Your password was changed')
    expect((await passwordSignIn(user.email, user.password)).statusCode).toBe(401)
    expect((await passwordSignIn(user.email, NEW_PASSWORD)).statusCode).toBe(204)
  })

  it('is single use', async () => {
    const user = await createUser(t.db)
    const token = await resetTokenFor(user.email)
    expect((await reset(token)).statusCode).toBe(204)
    const again = await reset(token, 'Another-psalm-88')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ title: 'invalid_token', detail: AuthMessage.resetFailed })
    expect((await validate(token)).statusCode).toBe(404)
  })

  it('expires after one hour', async () => {
    const user = await createUser(t.db)
    const token = await resetTokenFor(user.email)
    clock = new Date(clock.getTime() + 61 * 60 * 1000)
    const validation = await validate(token)
    expect(validation.statusCode).toBe(404)
    expect(validation.json()).toMatchObject({
      title: 'invalid_token',
      detail: AuthMessage.invalidLink,
    })
    expect((await reset(token)).statusCode).toBe(400)
    expect((await passwordSignIn(user.email, user.password)).statusCode).toBe(204)
  })

  it('only the newest link works', async () => {
    const user = await createUser(t.db)
    const first = await resetTokenFor(user.email)
    const second = await resetTokenFor(user.email)
    expect((await validate(first)).statusCode).toBe(404)
    expect((await validate(second)).statusCode).toBe(204)
  })

  it('refuses a weak or mismatched new password with its title, keeping the link usable', async () => {
    const user = await createUser(t.db)
    const token = await resetTokenFor(user.email)
    expect((await reset(token, 'weak')).json()).toMatchObject({
      status: 400,
      title: 'weak_password',
    })
    expect((await reset(token, NEW_PASSWORD, 'Different-psalm-1')).json()).toMatchObject({
      status: 400,
      title: 'password_mismatch',
      detail: AuthMessage.passwordMismatch,
    })
    expect((await validate(token)).statusCode).toBe(204)
  })

  it('answers 404 for a made-up or missing token', async () => {
    expect((await validate('made-up')).statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/reset-password/validate' })).statusCode,
    ).toBe(404)
  })
})
