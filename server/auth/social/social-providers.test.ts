import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SocialErrorCode } from '@contract/social-sign-in'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { insertUser } from '../../users/users.repository'
import { usersTable } from '../../users/users.table'
import { linkIdentity } from './identities'
import { createBrowser } from '../../../tests/helpers/social-browser'
import { startMockProvider, type MockProvider } from './testing/mock-provider'

let provider: MockProvider
let test: TestApp

beforeAll(async () => {
  provider = await startMockProvider()
  const clientDir = mkdtempSync(join(tmpdir(), 'social-shell-'))
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><title>Prayer community shell</title>',
  )
  // Facebook only: Google stays unconfigured.
  test = await createTestApp({ env: provider.env('FACEBOOK'), clientDir })
})

afterAll(async () => {
  await test?.close()
  await provider?.stop()
})

describe('Facebook sign-in', () => {
  it('asks Graph for the fields it reads and signs in the identity it already knows', async () => {
    // Facebook never vouches for an email (issue 37), so only an identity linked earlier signs in.
    const now = new Date()
    const eve = await insertUser(test.db, {
      email: 'eve@example.org',
      passwordHash: null,
      emailVerifiedAt: now,
      now,
    })
    await linkIdentity(test.db, {
      userId: eve.id,
      provider: 'facebook',
      providerUserId: '10220001',
      email: 'eve@example.org',
      now,
    })
    provider.state.userinfo = {
      id: '10220001',
      email: 'eve@example.org',
      first_name: 'Eve',
      last_name: 'Moss',
    }
    const browser = createBrowser(test.app)
    const { authorizeUrl, callbackPath } = await browser.startAndAuthorize('facebook')
    expect(authorizeUrl.searchParams.get('scope')).toBe('email public_profile')

    const response = await browser.relayCallback(callbackPath)
    expect(response.json()).toEqual({ needsLinking: false, next: '/onboarding', hasProfile: false })
    expect(browser.jar.has('session')).toBe(true)
    const userinfoRequest = provider.state.userinfoRequests.at(-1)!
    expect(new URL(userinfoRequest.url, provider.url).searchParams.get('fields')).toBe(
      'id,email,first_name,last_name',
    )
    expect(userinfoRequest.authorization).toMatch(/^Bearer .+/)
  })

  it('cannot create an account without an email and says so', async () => {
    provider.state.userinfo = { id: '10220002', first_name: 'Phone', last_name: 'Only' }
    const browser = createBrowser(test.app)
    const response = await browser.relayCallback(
      (await browser.startAndAuthorize('facebook')).callbackPath,
    )
    expect(response.json()).toMatchObject({
      status: 400,
      title: SocialErrorCode.emailMissing,
      detail: 'Your Facebook account did not share an email address. Continue with email instead.',
    })
    expect(browser.jar.has('session')).toBe(false)
  })

  it('answers 502 provider_unavailable when Facebook fails, signing nobody in', async () => {
    provider.state.userinfo = { id: '10220004', email: 'gil@example.org' }
    provider.state.failNextToken = true
    const browser = createBrowser(test.app)
    const response = await browser.relayCallback(
      (await browser.startAndAuthorize('facebook')).callbackPath,
    )
    expect(response.json()).toMatchObject({
      status: 502,
      title: SocialErrorCode.providerUnavailable,
      detail: 'Facebook could not be reached. Please try again.',
    })
    expect(browser.jar.has('session')).toBe(false)
    expect(
      await test.db.select().from(usersTable).where(eq(usersTable.email, 'gil@example.org')),
    ).toEqual([])
  })
})

describe('the callback page and the start endpoint', () => {
  it('serves the app shell to the browser navigation and keeps the state for the relay', async () => {
    provider.state.userinfo = { id: '10220003', email: 'fay@example.org' }
    const browser = createBrowser(test.app)
    const { callbackPath } = await browser.startAndAuthorize('facebook')

    const page = await browser.request('GET', callbackPath, 'text/html,application/xhtml+xml')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Prayer community shell')

    // The relay still finds its state: what it answers is Facebook's unverified email (issue 37).
    expect((await browser.relayCallback(callbackPath)).json()).toMatchObject({
      title: SocialErrorCode.emailUnverified,
    })
  })

  it('answers 404 provider_not_configured for a provider without credentials', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/auth/google/start?next=/prayerwall',
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      title: SocialErrorCode.providerNotConfigured,
      detail: 'Sign in with Google is not available.',
    })
  })
})
