import { describe, expect, it } from 'vitest'
import { HUB_PATH } from '@contract/hub'
import { SERVER_NAVIGATION_DENYLIST } from './navigation'

// Mirrors workbox-routing's NavigationRoute: a navigation is served the shell unless one
// deny pattern matches its pathname + search.
function servesAppShell(path: string): boolean {
  const url = new URL(path, 'http://localhost')
  return !SERVER_NAVIGATION_DENYLIST.some((pattern) => pattern.test(url.pathname + url.search))
}

describe('offline navigations get the app shell', () => {
  it.each([
    '/',
    '/?source=pwa',
    '/login',
    '/login?next=%2Fprayerwall',
    '/auth/identifier',
    '/auth/email',
    '/auth/password',
    '/auth/signup',
    '/auth/verify-email',
    '/auth/google/callback?code=abc&state=xyz',
    '/auth/facebook/callback?code=abc&state=xyz',
    '/auth/link?next=%2Fprayerwall',
    '/forgot-password',
    '/reset-password?token=abc',
    '/verify-email?token=abc',
    '/verify-email/result?verified=1',
    '/onboarding',
    '/prayerwall',
    '/prayerwall?highlight=0190a1b2-0000-7000-8000-000000000000',
    '/prayerwall/create',
    '/testimonies',
    '/testimonies/create',
    '/__env',
  ])('%s is a client page', (path) => {
    expect(servesAppShell(path)).toBe(true)
  })
})

describe('server endpoints always reach the network', () => {
  it.each([
    '/api/v1/intentions',
    '/api/openapi.json',
    '/api',
    '/hub/notifications?id=abc',
    '/hub',
    '/__dev/mail',
    '/healthz',
    '/readyz',
    '/auth/session',
    '/auth/google/start?next=%2Fonboarding',
    '/auth/facebook/start?next=/prayerwall',
    '/auth/verify-email?token=abc',
    '/auth/verify-email?lang=en&token=abc',
    '/auth/reset-password/validate?token=abc',
    '/auth/logout',
    '/auth/emailer',
    '/auth/social/link',
    '/auth/linked',
    '/robots.txt',
    '/sw.js',
  ])('%s is the server', (path) => {
    expect(servesAppShell(path)).toBe(false)
  })

  // Follows the hub if it ever moves: a shell answer would break SSE and long polling.
  it('the hub path shared with the server', () => {
    expect(servesAppShell(`${HUB_PATH}?id=abc`)).toBe(false)
  })
})
