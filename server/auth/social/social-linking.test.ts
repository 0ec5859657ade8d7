import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProfileMessage } from '@contract/users'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn } from '../../../tests/helpers/users'
import { socialIdentitiesTable } from './identities.table'
import { createBrowser } from './testing/browser'
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

async function identitiesOf(providerUserId: string) {
  return test.db
    .select()
    .from(socialIdentitiesTable)
    .where(eq(socialIdentitiesTable.providerUserId, providerUserId))
}

describe('a provider email that belongs to an existing local account', () => {
  it('is linked only after the person proves the password', async () => {
    const ann = await createUser(test.db, { email: 'ann@example.org' })
    provider.state.userinfo = { sub: 'google-ann', email: 'ANN@example.org', email_verified: true }
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('google', '/testimonies')

    const response = await browser.relayCallback(callbackPath)
    expect(response.json()).toEqual({
      needsLinking: true,
      next: '/auth/password',
      email: 'ann@example.org',
      linkWith: 'password',
      message: ProfileMessage.emailTakenSocial,
      returnTo: '/testimonies',
    })
    // Nobody is signed in and nothing is linked yet.
    expect(browser.jar.has('session')).toBe(false)
    expect((await browser.request('GET', '/test/viewer')).statusCode).toBe(401)
    expect(await identitiesOf('google-ann')).toEqual([])

    // Someone else's session in this browser does not link it to them.
    const bob = await createUser(test.db)
    browser.addCookie(await signIn(test.app, bob))
    await browser.request('GET', '/test/viewer')
    expect(await identitiesOf('google-ann')).toEqual([])

    // The password step gives Ann's session; the client's session check right after links.
    const password = await browser.request('POST', '/auth/password', 'application/json', {
      email: ann.email,
      password: ann.password,
      rememberMe: true,
    })
    expect(password.statusCode).toBe(204)
    expect(await identitiesOf('google-ann')).toEqual([])
    expect((await browser.request('GET', '/auth/session')).json()).toMatchObject({
      isAuthenticated: true,
    })
    expect((await identitiesOf('google-ann')).map((identity) => identity.userId)).toEqual([ann.id])
    expect(browser.jar.has('social_link')).toBe(false)

    // From now on Google signs Ann straight in.
    const later = createBrowser(test.app)
    const again = await later.relayCallback((await later.startAndAuthorize('google')).callbackPath)
    expect(again.json()).toEqual({ needsLinking: false, next: '/onboarding', hasProfile: true })
    expect((await later.request('GET', '/test/viewer')).json()).toEqual({ userId: ann.id })
  })

  it('links at once when the browser is already signed in to that account', async () => {
    const cleo = await createUser(test.db, { email: 'cleo@example.org' })
    provider.state.userinfo = { id: 'facebook-cleo', email: 'cleo@example.org' }
    const browser = createBrowser(test.app)
    browser.addCookie(await signIn(test.app, cleo))
    const response = await browser.relayCallback(
      (await browser.startAndAuthorize('facebook')).callbackPath,
    )
    expect(response.json()).toEqual({ needsLinking: false, next: '/onboarding', hasProfile: true })
    expect((await identitiesOf('facebook-cleo')).map((identity) => identity.userId)).toEqual([
      cleo.id,
    ])
  })

  it('asks an account without a password to continue with the provider it already uses', async () => {
    provider.state.userinfo = { sub: 'google-dan', email: 'dan@example.org', email_verified: true }
    const first = createBrowser(test.app)
    await first.relayCallback((await first.startAndAuthorize('google')).callbackPath)

    provider.state.userinfo = { id: 'facebook-dan', email: 'dan@example.org' }
    const browser = createBrowser(test.app)
    const response = await browser.relayCallback(
      (await browser.startAndAuthorize('facebook')).callbackPath,
    )
    expect(response.json()).toMatchObject({
      needsLinking: true,
      next: '/login',
      linkWith: 'google',
      message:
        'This email is already used by an account that signs in with Google. Continue with Google to link, or use a different email.',
    })
    expect(await identitiesOf('facebook-dan')).toEqual([])
  })
})
