import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmailChangeErrorCode } from '@contract/users-email-change'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { lastLinkTo, mailsTo } from '../../tests/helpers/mailbox'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { usersTable } from '../users/users.table'
import { socialIdentitiesTable } from './social/identities.table'

// Issue 37: a verified address moves only after re-authentication and its own link; the old
// one stays in force until then, is told, and may undo the change for 7 days.
let t: TestApp
let clock = new Date('2026-05-01T09:00:00Z')
let n = 0
const LISTED_ADMIN = 'chief@example.test'
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { ADMIN_EMAILS: LISTED_ADMIN } })
})
afterAll(() => t.close())

const fresh = () => `moved-${++n}@example.test`
const form = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Ruth',
  last_name: 'Mensah',
  email,
  country_iso2: 'GH',
  gender: 'female',
  birth_month: 3,
  birth_day: 8,
  ...extra,
})
const save = (cookie: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/profile', headers: { cookie }, payload: body })
const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } })
const follow = (link: URL) => t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
const passwordSignIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/password',
    remoteAddress: `10.9.0.${++n}`,
    payload: { email, password, rememberMe: false },
  })
const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    remoteAddress: `10.9.1.${++n}`,
    payload: { email },
  })
const emailOf = async (user: Pick<TestUser, 'id'>) =>
  (await t.db.select().from(usersTable).where(eq(usersTable.id, user.id)))[0]!

/** A verified member on the onboarding form asks for `to` with the right password. */
async function requestChange(to: string) {
  const user = await createUser(t.db, { hasProfile: false })
  const cookie = await signIn(t.app, user)
  const response = await save(cookie, form(to, { current_password: user.password }))
  expect(response.statusCode).toBe(200)
  return { user, cookie, response }
}

describe('changing a verified email', () => {
  it('is refused without the current password (and with a wrong one), saving nothing', async () => {
    const user = await createUser(t.db, { hasProfile: false })
    const cookie = await signIn(t.app, user)
    const to = fresh()
    const bare = await save(cookie, form(to))
    expect(bare.statusCode).toBe(403)
    expect(bare.json()).toMatchObject({ title: EmailChangeErrorCode.passwordRequired })
    const wrong = await save(cookie, form(to, { current_password: 'Not-the-password-1' }))
    expect(wrong.json()).toMatchObject({ status: 403, title: EmailChangeErrorCode.passwordWrong })
    expect(await emailOf(user)).toMatchObject({ email: user.email, profileCompletedAt: null })
    expect(await mailsTo(t.app, to)).toEqual([])
    // Nor does a session alone tell which addresses have an account.
    const other = await createUser(t.db)
    expect((await save(cookie, form(other.email))).json()).toMatchObject({
      status: 403,
      title: EmailChangeErrorCode.passwordRequired,
    })
  })

  it('keeps the old address in force until the new one is confirmed, and tells the old one', async () => {
    const to = fresh()
    const { user, cookie, response } = await requestChange(to)
    expect(response.json()).toMatchObject({
      email: user.email,
      pending_email: to,
      email_verified: true,
      has_profile: true,
    })
    expect((await me(cookie)).json()).toMatchObject({ email: user.email, pending_email: to })

    expect((await passwordSignIn(user.email, user.password)).statusCode).toBe(204)
    expect((await passwordSignIn(to, user.password)).statusCode).toBe(401)
    await forgot(to)
    expect((await mailsTo(t.app, to)).map((mail) => mail.subject)).toEqual([
      'Please confirm your new email',
    ])
    await forgot(user.email)
    expect((await mailsTo(t.app, user.email)).map((mail) => mail.subject)).toEqual([
      'Reset your password',
      'Your email is being changed',
    ])
    const [, notice] = await mailsTo(t.app, user.email)
    expect(notice!.text).toContain(to)
    expect(notice!.links[0]).toContain('/auth/undo-email-change?token=')
  })

  it('moves sign-in, reset and listed roles to the new address once its link is followed', async () => {
    const { user, cookie } = await requestChange(LISTED_ADMIN)
    expect((await me(cookie)).json()).toMatchObject({ roles: ['member'] })
    const confirmed = await follow(await lastLinkTo(t.app, LISTED_ADMIN))
    expect(confirmed.headers.location).toBe('/verify-email/result?verified=1')

    expect((await me(cookie)).json()).toMatchObject({
      email: LISTED_ADMIN,
      pending_email: null,
      email_verified: true,
      roles: ['member', 'admin'],
    })
    expect((await passwordSignIn(LISTED_ADMIN, user.password)).statusCode).toBe(204)
    expect((await passwordSignIn(user.email, user.password)).statusCode).toBe(401)
    await forgot(LISTED_ADMIN)
    expect((await mailsTo(t.app, LISTED_ADMIN))[0]!.subject).toBe('Reset your password')

    // Moving away from the listed address takes its role away again.
    const away = fresh()
    await save(cookie, form(away, { current_password: user.password }))
    await follow(await lastLinkTo(t.app, away))
    expect((await me(cookie)).json()).toMatchObject({ email: away, roles: ['member'] })
  })

  it('lets the old address undo within 7 days: restored, everyone signed out, a new password asked', async () => {
    const to = fresh()
    const { user, cookie } = await requestChange(to)
    await follow(await lastLinkTo(t.app, to))
    expect((await emailOf(user)).email).toBe(to)
    // Whoever made the change linked their own Google account to come back through.
    await t.db.insert(socialIdentitiesTable).values({
      provider: 'google',
      providerUserId: `changer-${n}`,
      userId: user.id,
      email: to,
      createdAt: new Date(clock.getTime() + 60_000),
    })

    clock = new Date(clock.getTime() + 6 * DAY_MS)
    const undo = await follow(new URL((await mailsTo(t.app, user.email))[0]!.links[0]!))
    expect(undo.statusCode).toBe(302)
    expect(undo.headers.location).toMatch(/^\/reset-password\?token=/)
    expect((await emailOf(user)).email).toBe(user.email)
    expect((await me(cookie)).statusCode).toBe(401)
    expect((await passwordSignIn(to, user.password)).statusCode).toBe(401)
    const reset = new URL(undo.headers.location as string, 'http://localhost')
    const validate = await t.app.inject({
      method: 'GET',
      url: `/auth/reset-password/validate${reset.search}`,
    })
    expect(validate.statusCode).toBe(204)
    expect(
      await t.db
        .select()
        .from(socialIdentitiesTable)
        .where(eq(socialIdentitiesTable.userId, user.id)),
    ).toEqual([])
  })

  it('cancels a change still pending when undone, so its confirmation link no longer works', async () => {
    const to = fresh()
    const { user } = await requestChange(to)
    const confirm = await lastLinkTo(t.app, to)
    await follow(new URL((await mailsTo(t.app, user.email))[0]!.links[0]!))
    expect((await follow(confirm)).headers.location).toBe('/verify-email/result?verified=0')
    expect((await emailOf(user)).email).toBe(user.email)
  })

  it('no longer undoes after 7 days', async () => {
    const to = fresh()
    const { user } = await requestChange(to)
    await follow(await lastLinkTo(t.app, to))
    clock = new Date(clock.getTime() + 7 * DAY_MS + 60_000)
    const undo = await follow(new URL((await mailsTo(t.app, user.email))[0]!.links[0]!))
    expect(undo.headers.location).toBe('/verify-email/result?verified=0')
    expect((await emailOf(user)).email).toBe(to)
  })

  it('asks an account without a password for a recent sign-in instead', async () => {
    const user = await createUser(t.db, { hasProfile: false })
    await t.db.update(usersTable).set({ passwordHash: null }).where(eq(usersTable.id, user.id))
    const cookie = await signIn(t.app, user)
    clock = new Date(clock.getTime() + 11 * 60 * 1000)
    const stale = await save(cookie, form(fresh()))
    expect(stale.json()).toMatchObject({
      status: 403,
      title: EmailChangeErrorCode.recentSignInRequired,
    })
    const to = fresh()
    const recent = await save(await signIn(t.app, user), form(to))
    expect(recent.json()).toMatchObject({ email: user.email, pending_email: to })
  })
})
