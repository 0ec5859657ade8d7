import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SocialErrorCode } from '@contract/social-sign-in'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { usersTable } from '../../users/users.table'
import { socialIdentitiesTable } from './identities.table'
import { pkceChallenge } from './oauth-client'
import { socialSignInStatesTable } from './sign-in-states.table'
import { createBrowser } from '../../../tests/helpers/social-browser'
import { startMockProvider, type MockProvider } from './testing/mock-provider'

let provider: MockProvider
let test: TestApp

beforeAll(async () => {
  provider = await startMockProvider()
  test = await createTestApp({
    env: { ...provider.env('GOOGLE'), MODERATOR_EMAILS: 'mod@example.org' },
    // Stands in for any signed-in-only route: answers who the session cookie belongs to.
    extend: (app) => {
      app.get('/test/viewer', async (request) => ({ userId: request.viewer?.userId }))
    },
  })
})

afterAll(async () => {
  await test?.close()
  await provider?.stop()
})

function googleUser(sub: string, email: string, extra: Record<string, unknown> = {}) {
  provider.state.userinfo = {
    sub,
    email,
    email_verified: true,
    given_name: 'Ann',
    family_name: 'Lee',
    ...extra,
  }
}

describe('Google sign-in with a real OAuth2 server', () => {
  it('creates a new user with a session and the onboarding prefill, and goes to next', async () => {
    googleUser('google-ann', 'Ann.Lee@Example.org')
    const browser = createBrowser(test.app)
    const { authorizeUrl, callbackUrl, callbackPath } = await browser.startAndAuthorize(
      'google',
      '/prayerwall?highlight=7',
    )

    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/auth/google/callback',
    )
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(callbackUrl.pathname).toBe('/auth/google/callback')

    const response = await browser.relayCallback(callbackPath)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      needsLinking: false,
      next: '/prayerwall?highlight=7',
      hasProfile: false,
    })

    // The token request carried the verifier whose S256 is the challenge sent to authorize.
    const tokenRequest = provider.state.tokenRequests.at(-1)!.body
    expect(pkceChallenge(tokenRequest.code_verifier!)).toBe(
      authorizeUrl.searchParams.get('code_challenge'),
    )
    expect(tokenRequest).toMatchObject({
      client_id: 'google-client',
      client_secret: 'google-secret',
    })
    expect(tokenRequest.redirect_uri).toBe('http://localhost:3000/auth/google/callback')

    const me = await browser.request('GET', '/test/viewer')
    const [user] = await test.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'ann.lee@example.org'))
    expect(me.json()).toEqual({ userId: user!.id })
    expect(user!.passwordHash).toBeNull()
    expect(user!.emailVerifiedAt).not.toBeNull()
    expect(user!.onboardingPrefill).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann.lee@example.org',
      provider: 'google',
      provider_user_id: 'google-ann',
    })
  })

  it('signs a returning user into the same account, even after the email changed at Google', async () => {
    googleUser('google-ann', 'ann.new@example.org')
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google')
    const response = await browser.relayCallback(callbackPath)
    expect(response.json()).toEqual({ needsLinking: false, next: '/onboarding', hasProfile: false })

    const me = (await browser.request('GET', '/test/viewer')).json<{ userId: string }>()
    const identities = await test.db
      .select()
      .from(socialIdentitiesTable)
      .where(eq(socialIdentitiesTable.providerUserId, 'google-ann'))
    expect(identities.map((identity) => identity.userId)).toEqual([me.userId])
    expect(
      await test.db.select().from(usersTable).where(eq(usersTable.email, 'ann.new@example.org')),
    ).toEqual([])
  })

  it('grants the moderator role to an address in MODERATOR_EMAILS', async () => {
    googleUser('google-mod', 'mod@example.org')
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google')
    expect((await browser.relayCallback(callbackPath)).statusCode).toBe(200)
    const [user] = await test.db
      .select()
      .from(usersTable)
      .where(eq(usersTable.email, 'mod@example.org'))
    expect(user!.roles).toEqual(['member', 'moderator'])
  })
})

describe('state and PKCE', () => {
  it('refuses a replayed state and signs nobody in with it', async () => {
    googleUser('google-replay', 'replay@example.org')
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google')
    expect((await browser.relayCallback(callbackPath)).statusCode).toBe(200)

    const other = createBrowser(test.app)
    other.jar.set('social_flow', browser.jar.get('social_flow')!)
    const replay = await other.relayCallback(callbackPath)
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toMatchObject({ title: SocialErrorCode.invalidState })
    expect(other.jar.has('session')).toBe(false)
  })

  it('refuses a state started in another browser (login CSRF)', async () => {
    googleUser('google-attacker', 'attacker@example.org')
    const attacker = createBrowser(test.app)
    const { callbackPath } = await attacker.startAndAuthorize('google')
    const victim = createBrowser(test.app)
    const response = await victim.relayCallback(callbackPath)
    expect(response.json()).toMatchObject({ status: 400, title: SocialErrorCode.invalidState })
    expect(victim.jar.has('session')).toBe(false)
  })

  it('refuses a state older than ten minutes', async () => {
    googleUser('google-late', 'late@example.org')
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google')
    await test.db.update(socialSignInStatesTable).set({ expiresAt: new Date(Date.now() - 1000) })
    const response = await browser.relayCallback(callbackPath)
    expect(response.json()).toMatchObject({ status: 400, title: SocialErrorCode.invalidState })
  })

  it('fails when the verifier does not match the challenge the provider saw', async () => {
    googleUser('google-pkce', 'pkce@example.org')
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google')
    // A stolen code is useless without the verifier: swap ours for another valid one.
    await test.db.update(socialSignInStatesTable).set({ codeVerifier: 'x'.repeat(43) })
    const response = await browser.relayCallback(callbackPath)
    expect(response.json()).toMatchObject({ status: 400, title: SocialErrorCode.failed })
    expect(browser.jar.has('session')).toBe(false)
    expect(
      await test.db.select().from(usersTable).where(eq(usersTable.email, 'pkce@example.org')),
    ).toEqual([])
  })

  it('reports a sign-in the person cancelled at the provider', async () => {
    const browser = createBrowser(test.app)
    const { callbackUrl } = await browser.startAndAuthorize('google')
    const state = callbackUrl.searchParams.get('state')!
    const response = await browser.relayCallback(
      `/auth/google/callback?error=access_denied&state=${state}`,
    )
    expect(response.json()).toMatchObject({
      status: 400,
      title: SocialErrorCode.cancelled,
      detail: 'Sign in with Google was cancelled.',
    })
  })
})

describe('next', () => {
  it.each(
    ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'].map((next, index) => ({
      next,
      index,
    })),
  )('falls back to /onboarding for $next', async ({ next, index }) => {
    googleUser(`google-next-${index}`, `next-${index}@example.org`)
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google', next)
    const response = await browser.relayCallback(callbackPath)
    expect(response.json()).toMatchObject({ needsLinking: false, next: '/onboarding' })
  })
})
