import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SocialErrorCode } from '@contract/social-sign-in'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser } from '../../../tests/helpers/users'
import { usersTable } from '../../users/users.table'
import { socialIdentitiesTable } from './identities.table'
import { socialPendingLinksTable } from './pending-links.table'
import { createBrowser } from '../../../tests/helpers/social-browser'
import { startMockProvider, type MockProvider } from './testing/mock-provider'

// Issue 37: an address the provider does not say it verified never creates an account nor
// reaches an existing one; an identity already linked still signs in.

let provider: MockProvider
let test: TestApp

beforeAll(async () => {
  provider = await startMockProvider()
  test = await createTestApp({
    env: {
      ...provider.env('GOOGLE'),
      ...provider.env('FACEBOOK'),
      ADMIN_EMAILS: 'admin@example.org',
    },
  })
})

afterAll(async () => {
  await test?.close()
  await provider?.stop()
})

async function usersWith(email: string) {
  return test.db.select().from(usersTable).where(eq(usersTable.email, email))
}

async function pendingLinksFor(providerUserId: string) {
  return test.db
    .select()
    .from(socialPendingLinksTable)
    .where(eq(socialPendingLinksTable.providerUserId, providerUserId))
}

async function identitiesOf(providerUserId: string) {
  return test.db
    .select()
    .from(socialIdentitiesTable)
    .where(eq(socialIdentitiesTable.providerUserId, providerUserId))
}

const unverified = [
  { label: 'Google, email_verified: false', userinfo: { email_verified: false } },
  { label: 'Google, email_verified absent', userinfo: {} },
  { label: 'Facebook (it never says)', userinfo: {}, facebook: true },
].map((each, index) => ({ ...each, index }))

async function signInWith(
  claims: (typeof unverified)[number],
  sub: string,
  email: string,
): Promise<ReturnType<typeof createBrowser> & { answer: Record<string, unknown> }> {
  provider.state.userinfo = claims.facebook
    ? { id: sub, email, ...claims.userinfo }
    : { sub, email, ...claims.userinfo }
  const browser = createBrowser(test.app)
  const { callbackPath } = await browser.startAndAuthorize(claims.facebook ? 'facebook' : 'google')
  const response = await browser.relayCallback(callbackPath)
  return Object.assign(browser, { answer: response.json<Record<string, unknown>>() })
}

describe.each(unverified)('an unverified provider email ($label)', (claims) => {
  const label = claims.facebook ? 'Facebook' : 'Google'

  it('never reaches the existing account that has the address', async () => {
    const owner = await createUser(test.db, { email: `owner-${claims.index}@example.org` })
    const browser = await signInWith(claims, `squatter-${claims.index}`, owner.email)

    expect(browser.answer).toMatchObject({
      status: 400,
      title: SocialErrorCode.emailUnverified,
      detail: `${label} did not confirm that your email address is verified, so it cannot be used to create or link an account here. Continue with email instead.`,
    })
    expect(browser.jar.has('session')).toBe(false)
    expect(browser.jar.has('social_link')).toBe(false)
    expect(await pendingLinksFor(`squatter-${claims.index}`)).toEqual([])

    // Even the owner signed in in that browser finds nothing to confirm.
    const password = await browser.request('POST', '/auth/password', 'application/json', {
      email: owner.email,
      password: owner.password,
      rememberMe: false,
    })
    expect(password.statusCode).toBe(204)
    expect((await browser.request('POST', '/auth/social/link')).statusCode).toBe(404)
    expect(await identitiesOf(`squatter-${claims.index}`)).toEqual([])
  })

  it('never creates an account on the address, staff-listed or not', async () => {
    for (const email of [`new-${claims.index}@example.org`, 'admin@example.org']) {
      const browser = await signInWith(claims, `newcomer-${claims.index}-${email}`, email)
      expect(browser.answer).toMatchObject({ status: 400, title: SocialErrorCode.emailUnverified })
      expect(browser.jar.has('session')).toBe(false)
      expect(await usersWith(email)).toEqual([])
    }
  })
})

it('signs an identity it already knows in whatever the provider says now, and no other', async () => {
  provider.state.userinfo = { sub: 'google-gus', email: 'gus@example.org', email_verified: true }
  const first = createBrowser(test.app)
  await first.relayCallback((await first.startAndAuthorize('google')).callbackPath)
  const [gus] = await usersWith('gus@example.org')
  // email_verified: true on sign-up verifies the address here too (spec 000 §6 banner).
  expect(gus!.emailVerifiedAt).not.toBeNull()

  provider.state.userinfo = { sub: 'google-gus', email: 'gus@example.org', email_verified: false }
  const later = createBrowser(test.app)
  const response = await later.relayCallback((await later.startAndAuthorize('google')).callbackPath)
  expect(response.json()).toMatchObject({ needsLinking: false })
  expect(later.jar.has('session')).toBe(true)

  // Another Google account with the same, unverified, address gets nowhere near Gus's.
  provider.state.userinfo = { sub: 'google-not-gus', email: 'gus@example.org' }
  const other = createBrowser(test.app)
  const refused = await other.relayCallback((await other.startAndAuthorize('google')).callbackPath)
  expect(refused.json()).toMatchObject({ title: SocialErrorCode.emailUnverified })
  expect(other.jar.has('social_link')).toBe(false)
  expect((await identitiesOf('google-gus')).map((identity) => identity.userId)).toEqual([gus!.id])
  expect(await identitiesOf('google-not-gus')).toEqual([])
})
