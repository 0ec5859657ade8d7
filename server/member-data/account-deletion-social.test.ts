import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SocialErrorCode } from '@contract/social-sign-in'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createBrowser } from '../../tests/helpers/social-browser'
import { startMockProvider, type MockProvider } from '../auth/social/testing/mock-provider'

// Issue 40: an account made with Google (no password) is deleted after a fresh sign-in, and
// Google cannot sign in to it, nor make a new one on its address, for the next 30 days.
let provider: MockProvider
let t: TestApp
let clock = new Date('2026-11-29T09:00:00Z')
const MINUTE_MS = 60 * 1000

beforeAll(async () => {
  provider = await startMockProvider()
  t = await createTestApp({ env: provider.env('GOOGLE'), now: () => clock })
  provider.state.userinfo = {
    sub: 'google-fay',
    email: 'fay@example.org',
    email_verified: true,
    given_name: 'Fay',
    family_name: 'Lee',
  }
})
afterAll(async () => {
  await t?.close()
  await provider?.stop()
})

async function signInWithGoogle() {
  const browser = createBrowser(t.app)
  const { callbackPath } = await browser.startAndAuthorize('google')
  return { browser, callback: await browser.relayCallback(callbackPath) }
}

describe('deleting an account without a password', () => {
  it('needs a fresh sign-in, and afterwards Google signs nobody in to it', async () => {
    const { browser, callback } = await signInWithGoogle()
    expect(callback.statusCode).toBe(200)
    const me = await browser.request('GET', '/api/v1/users/me')
    const { display_name: name } = me.json<{ display_name: string }>()

    clock = new Date(clock.getTime() + 11 * MINUTE_MS)
    const stale = await browser.request('DELETE', '/api/v1/users/me', undefined, { confirm: name })
    expect(stale.statusCode).toBe(403)
    expect(stale.json()).toMatchObject({ title: 'recent_sign_in_required' })

    const fresh = await signInWithGoogle()
    const deleted = await fresh.browser.request('DELETE', '/api/v1/users/me', undefined, {
      confirm: name,
    })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect((await fresh.browser.request('GET', '/api/v1/users/me')).statusCode).toBe(401)

    const again = await signInWithGoogle()
    expect(again.callback.statusCode).toBe(403)
    expect(again.callback.json()).toMatchObject({ title: SocialErrorCode.accountDeleted })
    expect((await again.browser.request('GET', '/api/v1/users/me')).statusCode).toBe(401)
  })
})
