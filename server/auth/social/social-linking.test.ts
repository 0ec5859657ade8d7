import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProfileMessage } from '@contract/users'
import { SocialErrorCode, SocialMessage } from '@contract/social-sign-in'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn } from '../../../tests/helpers/users'
import { insertUser } from '../../users/users.repository'
import { linkIdentity } from './identities'
import { socialIdentitiesTable } from './identities.table'
import { createBrowser, type Browser } from '../../../tests/helpers/social-browser'
import { startMockProvider, type MockProvider } from './testing/mock-provider'

let provider: MockProvider
let test: TestApp

beforeAll(async () => {
  provider = await startMockProvider()
  test = await createTestApp({
    env: { ...provider.env('GOOGLE'), ...provider.env('FACEBOOK') },
    extend: (app) => {
      app.get('/test/viewer', async (request) => ({ userId: request.viewer?.userId }))
    },
  })
})

afterAll(async () => {
  await test?.close()
  await provider?.stop()
})

const APP_ORIGIN = { origin: 'http://localhost:3000' }

async function identitiesOf(providerUserId: string) {
  const rows = await test.db
    .select()
    .from(socialIdentitiesTable)
    .where(eq(socialIdentitiesTable.providerUserId, providerUserId))
  return rows.map((row) => row.userId)
}

function confirmLink(browser: Browser, headers: Record<string, string> = APP_ORIGIN) {
  return browser.request('POST', '/auth/social/link', 'application/json', undefined, headers)
}

describe('a provider email that belongs to an existing local account', () => {
  it('is linked only when the owner, signed in, confirms it: no other request links it', async () => {
    const ann = await createUser(test.db, { email: 'ann@example.org' })
    provider.state.userinfo = { sub: 'google-ann', email: 'ANN@example.org', email_verified: true }
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google', '/testimonies')

    const answer = (await browser.relayCallback(callbackPath)).json<Record<string, unknown>>()
    expect(answer).toMatchObject({
      needsLinking: true,
      next: '/auth/password',
      email: 'ann@example.org',
      linkWith: 'password',
      message: ProfileMessage.emailTakenSocial,
    })
    expect(browser.jar.has('session')).toBe(false)
    expect((await browser.request('GET', '/test/viewer')).statusCode).toBe(401)
    expect(await identitiesOf('google-ann')).toEqual([])

    // The password step gives Ann's session; the requests the app makes next link nothing.
    const password = await browser.request('POST', '/auth/password', 'application/json', {
      email: ann.email,
      password: ann.password,
      rememberMe: true,
    })
    expect(password.statusCode).toBe(204)
    expect((await browser.request('GET', '/auth/session')).json()).toMatchObject({
      isAuthenticated: true,
    })
    expect((await browser.request('GET', '/api/v1/users/me')).statusCode).toBe(200)
    expect(await identitiesOf('google-ann')).toEqual([])
    expect(browser.jar.has('social_link')).toBe(true)

    // After the password step comes the page that asks Ann, then where she was going.
    expect(answer.returnTo).toBe('/auth/link?next=%2Ftestimonies')
    // That page names the provider and the account it joins.
    const pending = await browser.request('GET', '/auth/social/link')
    expect(pending.json()).toEqual({
      provider: 'google',
      displayName: ann.displayName,
      email: 'a•••@example.org',
    })
    expect(pending.headers['cache-control']).toBe('no-store')

    // A confirmation sent from another site is refused like any cross-site write.
    const forged = await confirmLink(browser, { origin: 'https://evil.example' })
    expect(forged.statusCode).toBe(403)
    expect(await identitiesOf('google-ann')).toEqual([])

    expect((await confirmLink(browser)).statusCode).toBe(204)
    expect(await identitiesOf('google-ann')).toEqual([ann.id])
    expect(browser.jar.has('social_link')).toBe(false)
    expect((await confirmLink(browser)).statusCode).toBe(404)

    // From now on Google signs Ann straight in.
    const later = createBrowser(test.app)
    const again = await later.relayCallback((await later.startAndAuthorize('google')).callbackPath)
    expect(again.json()).toEqual({ needsLinking: false, next: '/onboarding', hasProfile: true })
    expect((await later.request('GET', '/test/viewer')).json()).toEqual({ userId: ann.id })
  })

  it("is neither shown to nor confirmed by someone else's session in that browser", async () => {
    await createUser(test.db, { email: 'abe@example.org' })
    provider.state.userinfo = { sub: 'google-abe', email: 'abe@example.org', email_verified: true }
    const browser = createBrowser(test.app)
    await browser.relayCallback((await browser.startAndAuthorize('google')).callbackPath)

    const bob = await createUser(test.db)
    browser.addCookie(await signIn(test.app, bob))
    const bobReads = await browser.request('GET', '/auth/social/link')
    expect(bobReads.statusCode).toBe(404)
    expect(bobReads.json()).toMatchObject({
      title: SocialErrorCode.linkNotFound,
      detail: SocialMessage.linkNotFound,
    })
    expect((await confirmLink(browser)).statusCode).toBe(404)
    expect(await identitiesOf('google-abe')).toEqual([])
  })

  it('asks a browser already signed in to that account to confirm as well', async () => {
    const cleo = await createUser(test.db, { email: 'cleo@example.org' })
    provider.state.userinfo = {
      sub: 'google-cleo',
      email: 'cleo@example.org',
      email_verified: true,
    }
    const browser = createBrowser(test.app)
    browser.addCookie(await signIn(test.app, cleo))
    const response = await browser.relayCallback(
      (await browser.startAndAuthorize('google', '/prayerwall')).callbackPath,
    )
    expect(response.json()).toMatchObject({
      needsLinking: true,
      next: '/auth/link?next=%2Fprayerwall',
      returnTo: '/prayerwall',
    })
    expect((await browser.request('GET', '/test/viewer')).json()).toEqual({ userId: cleo.id })
    expect(await identitiesOf('google-cleo')).toEqual([])

    expect((await confirmLink(browser)).statusCode).toBe(204)
    expect(await identitiesOf('google-cleo')).toEqual([cleo.id])
  })

  it('forgets the identity when the member declines', async () => {
    const dora = await createUser(test.db, { email: 'dora@example.org' })
    provider.state.userinfo = {
      sub: 'google-dora',
      email: 'dora@example.org',
      email_verified: true,
    }
    const browser = createBrowser(test.app)
    browser.addCookie(await signIn(test.app, dora))
    await browser.relayCallback((await browser.startAndAuthorize('google')).callbackPath)

    const declined = await browser.request(
      'DELETE',
      '/auth/social/link',
      'application/json',
      undefined,
      APP_ORIGIN,
    )
    expect(declined.statusCode).toBe(204)
    expect(browser.jar.has('social_link')).toBe(false)
    expect((await browser.request('GET', '/auth/social/link')).statusCode).toBe(404)
    expect(await identitiesOf('google-dora')).toEqual([])
  })

  it('asks an account without a password to prove itself with the provider it already uses', async () => {
    // Dan signs in with Facebook only, an identity linked before issue 37: it still signs in.
    const now = new Date()
    const dan = await insertUser(test.db, {
      email: 'dan@example.org',
      passwordHash: null,
      emailVerifiedAt: now,
      now,
    })
    await linkIdentity(test.db, {
      userId: dan.id,
      provider: 'facebook',
      providerUserId: 'facebook-dan',
      email: 'dan@example.org',
      now,
    })

    provider.state.userinfo = { sub: 'google-dan', email: 'dan@example.org', email_verified: true }
    const browser = createBrowser(test.app)
    const response = await browser.relayCallback(
      (await browser.startAndAuthorize('google')).callbackPath,
    )
    expect(response.json()).toMatchObject({
      needsLinking: true,
      // /login keeps the confirmation page as its next target.
      next: `/login?next=${encodeURIComponent('/auth/link?next=%2Fonboarding')}`,
      linkWith: 'facebook',
      message:
        'This email is already used by an account that signs in with Facebook. Continue with Facebook to link, or use a different email.',
      returnTo: '/auth/link?next=%2Fonboarding',
    })

    provider.state.userinfo = { id: 'facebook-dan', email: 'dan@example.org' }
    await browser.relayCallback((await browser.startAndAuthorize('facebook')).callbackPath)
    expect((await browser.request('GET', '/test/viewer')).json()).toEqual({ userId: dan.id })
    expect(await identitiesOf('google-dan')).toEqual([])
    expect((await confirmLink(browser)).statusCode).toBe(204)
    expect(await identitiesOf('google-dan')).toEqual([dan.id])
  })
})

describe('in production', () => {
  it('keeps the sign-in cookies host-only and Secure (__Host-), as the session cookie', async () => {
    const production = await createTestApp({
      env: { ...provider.env('GOOGLE'), APP_ENV: 'production', SMTP_URL: 'smtp://localhost:2525' },
      database: test.database,
    })
    try {
      const eve = await createUser(test.db, { email: 'eve@example.org' })
      provider.state.userinfo = {
        sub: 'google-eve',
        email: 'eve@example.org',
        email_verified: true,
      }
      const browser = createBrowser(production.app)
      const { callbackPath } = await browser.startAndAuthorize('google')
      const response = await browser.relayCallback(callbackPath)
      expect(response.json()).toMatchObject({ needsLinking: true })

      const cookies = response.cookies as { name: string; secure?: boolean; path?: string }[]
      expect(cookies).toContainEqual(
        expect.objectContaining({ name: '__Host-social_link', secure: true, path: '/' }),
      )
      expect([...browser.jar.keys()].sort()).toEqual(['__Host-social_flow', '__Host-social_link'])

      browser.addCookie(await signIn(production.app, eve))
      expect((await confirmLink(browser)).statusCode).toBe(204)
      expect(await identitiesOf('google-eve')).toEqual([eve.id])
    } finally {
      await production.close()
    }
  })
})
