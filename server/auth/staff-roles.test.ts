import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { lastLinkTo } from '../../tests/helpers/mailbox'
import { turnOnTwoStep } from '../../tests/helpers/two-step'
import { createUser, signIn } from '../../tests/helpers/users'

// Issue 37: ADMIN_EMAILS and MODERATOR_EMAILS make staff only of the verified owner of the address.
let t: TestApp
const ADMIN = 'overseer@example.test'
const MODERATOR = 'warden@example.test'
const PASSWORD = 'Quiet-morning-42'

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, MODERATOR_EMAILS: MODERATOR } })
})
afterAll(() => t.close())

async function passwordSignIn(email: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/password',
    payload: { email, password, rememberMe: false },
  })
  expect(response.statusCode).toBe(204)
  const cookie = response.cookies.find((c) => c.name === 'session')!
  return `session=${cookie.value}`
}
const adminList = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: { cookie } })
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } })).json<{
    id: string
    roles: string[]
  }>()
const follow = (link: URL) => t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })

describe('roles from ADMIN_EMAILS and MODERATOR_EMAILS', () => {
  it('leaves an unverified sign-up with the admin address an ordinary member until it follows the mailed link', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: ADMIN, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    })
    expect(signUp.statusCode).toBe(202)
    let cookie = await passwordSignIn(ADMIN, PASSWORD)
    expect((await adminList(cookie)).statusCode).toBe(403)
    expect((await me(cookie)).roles).toEqual(['member'])

    const verified = await follow(await lastLinkTo(t.app, ADMIN))
    expect(verified.headers.location).toBe('/verify-email/result?verified=1')
    // The same session: the grant happens when the link is followed, not at the next sign-in;
    // its rights once the session proves a second factor (issue 39).
    expect((await me(cookie)).roles).toEqual(['member', 'admin'])
    expect((await adminList(cookie)).json()).toMatchObject({ title: 'second_factor_required' })
    cookie = await turnOnTwoStep(t.app, (await me(cookie)).id, cookie)
    expect((await adminList(cookie)).statusCode).toBe(200)
  })

  it('grants nothing to an unverified account that corrects its address to a listed one and signs in again', async () => {
    const user = await createUser(t.db, { emailVerified: false, hasProfile: false })
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/profile',
      headers: { cookie: await signIn(t.app, user) },
      payload: {
        first_name: 'Jo',
        last_name: 'Doe',
        email: MODERATOR,
        country_iso2: 'GB',
        gender: 'other',
        birth_month: 1,
        birth_day: 1,
      },
    })
    expect(save.json()).toMatchObject({ email: MODERATOR, email_verified: false })
    let cookie = await passwordSignIn(MODERATOR, user.password)
    expect((await me(cookie)).roles).toEqual(['member'])
    const queue = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/moderation/queue', headers: { cookie } })
    expect((await queue()).statusCode).toBe(403)

    await follow(await lastLinkTo(t.app, MODERATOR))
    expect((await me(cookie)).roles).toEqual(['member', 'moderator'])
    expect((await queue()).json()).toMatchObject({ title: 'second_factor_required' })
    cookie = await turnOnTwoStep(t.app, user.id, cookie)
    expect((await queue()).statusCode).toBe(200)
  })
})
