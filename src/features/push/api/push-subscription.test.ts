// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { chooseSystemNotifications } from '../system-notifications'
import { renewPushSubscription } from './push-subscription'

// A device the server forgot when the last session ended is registered again at the next page
// start, for a member who turned system notifications on here, and only then.

const ENDPOINT = 'https://push.example.net/device-1'
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
const subscribe = vi.fn()

beforeEach(() => {
  localStorage.clear()
  subscribe.mockReset()
  vi.stubGlobal('Notification', { permission: 'granted' })
  const existing = { endpoint: ENDPOINT, toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }) }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({
        pushManager: { getSubscription: async () => existing, subscribe },
      }),
    },
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

const server = () =>
  fakeApi({
    'GET /api/notifications/push-public-key': { json: { publicKey: 'BKey' } },
    'POST /api/notifications/push-subscriptions': { status: 204 },
  })

describe('renewPushSubscription', () => {
  it('registers this browser’s existing subscription again for a member who has them on', async () => {
    const api = server()
    chooseSystemNotifications('ann', true)
    await renewPushSubscription('ann')
    expect(api.sent('POST', '/api/notifications/push-subscriptions')[0]?.body).toEqual({
      endpoint: ENDPOINT,
      keys: KEYS,
    })
    expect(subscribe).not.toHaveBeenCalled()
  })

  it('does nothing for a member who has not turned them on, or before the profile is known', async () => {
    const api = server()
    chooseSystemNotifications('ann', true)
    await renewPushSubscription('bea')
    await renewPushSubscription(null)
    expect(api.requests).toEqual([])
  })
})
