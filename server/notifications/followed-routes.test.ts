import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { followedRoutes as moderationRoutes } from '../moderation/moderation-hooks'
import { followedRoutes as notificationRoutes } from './write-hooks'

// Notifications, live counters, auto-hold, crisis flags and wall removals follow writes by
// their route (method and URL pattern). A route renamed or removed would silently stop them:
// each one they follow must be a route the app serves.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('routes followed by the write hooks', () => {
  it.each([
    ...notificationRoutes.map((route) => ['notifications', route]),
    ...moderationRoutes.map((route) => ['moderation', route]),
  ])('%s: %s is served', (_hooks, route) => {
    const [method, url] = route.split(' ') as [string, string]
    expect(t.app.hasRoute({ method: method as 'GET', url })).toBe(true)
  })

  it('follow routes at all (the lists are read from the hooks)', () => {
    expect(notificationRoutes.length).toBeGreaterThanOrEqual(10)
    expect(moderationRoutes.length).toBeGreaterThanOrEqual(10)
  })
})
