import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthMessage } from '@contract/auth'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { lastLinkTo, mailsTo } from '../../tests/helpers/mailbox'
import { createUser } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'

let t: TestApp
let clock = new Date('2026-03-01T10:00:00Z')
let n = 0

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

const PASSWORD = 'Quiet-morning-42'
const freshEmail = () => `newcomer-${++n}@example.test`
const signUp = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/auth/signup', remoteAddress: `10.1.0.${n}`, payload: body })
const valid = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
})
const follow = (link: URL) => t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
const userRow = async (email: string) =>
  (await t.db.select().from(usersTable).where(eq(usersTable.email, email)))[0]

describe('POST /auth/signup', () => {
  it('answers 202, creates an unverified account with a display name, and mails the verification link', async () => {
    const email = freshEmail()
    const response = await signUp(valid(email))
    expect(response.statusCode).toBe(202)
    const row = await userRow(email)
    expect(row).toMatchObject({
      emailVerifiedAt: null,
      profileCompletedAt: null,
      roles: ['member'],
    })
    expect(row!.displayName).toMatch(/^\S+ \S+ \d+$/)
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const link = await lastLinkTo(t.app, email)
    expect(link.origin).toBe('http://localhost:3000')
    expect(link.pathname).toBe('/auth/verify-email')
  })

  it('does not reveal an existing account: 202 again, and the owner is told instead', async () => {
    const user = await createUser(t.db)
    const response = await signUp(valid(user.email))
    expect(response.statusCode).toBe(202)
    const [mail] = await mailsTo(t.app, user.email)
    expect(mail!.subject).toBe('You already have an account')
    expect(
      await t.db.select().from(usersTable).where(eq(usersTable.email, user.email)),
    ).toHaveLength(1)
  })

  it.each([
    ['weak_password', AuthMessage.weakPassword, { password: 'short', confirmPassword: 'short' }],
    ['password_mismatch', AuthMessage.passwordMismatch, { confirmPassword: 'Another-password-1' }],
    ['terms_required', AuthMessage.termsRequired, { acceptTerms: false }],
    ['invalid_email', AuthMessage.invalidEmail, { email: 'two@@example.test' }],
  ])('answers 400 titled %s with its message', async (title, detail, change) => {
    const email = freshEmail()
    const response = await signUp({ ...valid(email), ...change })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ title, detail })
    expect(await userRow(email)).toBeUndefined()
  })

  it('answers 400 invalid_details with the generic message for a body that is not a form', async () => {
    const response = await signUp([1, 2] as unknown as Record<string, unknown>)
    expect(response.json()).toMatchObject({
      status: 400,
      title: 'invalid_details',
      detail: AuthMessage.reviewDetails,
    })
  })
})

describe('GET /auth/verify-email', () => {
  it('verifies once, then the same link reads as invalid', async () => {
    const email = freshEmail()
    await signUp(valid(email))
    const link = await lastLinkTo(t.app, email)
    const first = await follow(link)
    expect(first.statusCode).toBe(302)
    expect(first.headers.location).toBe('/verify-email/result?verified=1')
    expect((await userRow(email))!.emailVerifiedAt).not.toBeNull()
    expect((await follow(link)).headers.location).toBe('/verify-email/result?verified=0')
  })

  it('refuses a link older than 24 hours and a made-up token', async () => {
    const email = freshEmail()
    await signUp(valid(email))
    const link = await lastLinkTo(t.app, email)
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1000)
    expect((await follow(link)).headers.location).toBe('/verify-email/result?verified=0')
    expect((await userRow(email))!.emailVerifiedAt).toBeNull()
    const forged = await t.app.inject({ method: 'GET', url: '/auth/verify-email?token=made-up' })
    expect(forged.headers.location).toBe('/verify-email/result?verified=0')
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/verify-email' })).headers.location,
    ).toBe('/verify-email/result?verified=0')
  })
})

describe('POST /auth/resend-verification', () => {
  it('mails a new link that replaces the old one, with a neutral answer for any address', async () => {
    const email = freshEmail()
    await signUp(valid(email))
    const old = await lastLinkTo(t.app, email)
    const resend = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/resend-verification',
        payload: { email: address },
      })
    const known = await resend(email)
    const unknown = await resend('nobody-here@example.test')
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(unknown.json()).toEqual(known.json())
    const fresh = await lastLinkTo(t.app, email)
    expect(fresh.href).not.toBe(old.href)
    expect((await follow(old)).headers.location).toBe('/verify-email/result?verified=0')
    expect((await follow(fresh)).headers.location).toBe('/verify-email/result?verified=1')
  })
})
