// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NotificationSettings } from '@contract/notification-settings'
import type { PushPayload } from '@contract/push'
import { fakeApi } from '@/testing/fake-api'
import {
  chooseShowInFront,
  chooseSystemNotifications,
  showSystemNotification,
  systemNotificationsOn,
} from './system-notifications'

let sequence = 0
function aNotification(
  overrides: Partial<PushPayload['notification']> = {},
): PushPayload['notification'] {
  sequence += 1
  return {
    notificationId: `0190b2c3-d4e5-7f60-8a9b-${String(sequence).padStart(12, '0')}`,
    type: 'PrayerReaction',
    title: 'Gentle Dove prayed for your intention',
    message: null,
    createdAt: new Date().toISOString(),
    readAt: null,
    sourceUserDisplayName: 'Gentle Dove',
    sourceTestimonyId: null,
    sourceIntentionId: `0190a1b2-c3d4-7e5f-8a9b-${String(sequence).padStart(12, '0')}`,
    data: null,
    ...overrides,
  }
}

// The page shows a hub NewNotification through the service worker registration, worded as the
// panel words it, only for a member who turned system notifications on here.

const showNotification = vi.fn<(title: string, options: NotificationOptions) => Promise<void>>()
let permission: NotificationPermission = 'granted'
let queryClient: QueryClient

/** The member's settings and muted requests as the server answers them. */
function serverWith(settings: Partial<NotificationSettings> = {}, muted: string[] = []) {
  return fakeApi({
    'GET /api/v1/users/me/notification-settings': {
      json: { push: {}, quiet_hours: null, ...settings },
    },
    'GET /api/v1/users/me/muted-intentions': { json: { intention_ids: muted } },
  })
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  vi.spyOn(document, 'hasFocus').mockReturnValue(false)
  serverWith()
  showNotification.mockReset().mockResolvedValue(undefined)
  permission = 'granted'
  vi.stubGlobal('Notification', {
    get permission() {
      return permission
    },
  })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ showNotification }) },
  })
  localStorage.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('system notifications from the hub', () => {
  it('shows the panel’s wording with the app icon, its id as tag, and where a click goes', async () => {
    chooseSystemNotifications('ann', true)
    const notification = aNotification({
      type: 'PrayerCandleReaction',
      sourceUserDisplayName: 'Morning Light',
      sourceIntentionId: '0190a1b2-c3d4-7e5f-8a9b-000000000777',
    })
    await showSystemNotification(notification, 'ann', queryClient)
    expect(showNotification).toHaveBeenCalledWith('Morning Light lit a candle', {
      body: 'on your intention.',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: notification.notificationId,
      data: {
        notificationId: notification.notificationId,
        url: '/prayerwall?highlight=0190a1b2-c3d4-7e5f-8a9b-000000000777',
        readUrl: `${window.location.origin}/api/notifications/read`,
      },
    })
  })

  it('opens the testimony first when the notification has one', async () => {
    chooseSystemNotifications('ann', true)
    await showSystemNotification(
      aNotification({
        type: 'TestimonyCreated',
        message: 'A prayer you prayed for was answered',
        sourceTestimonyId: 't-1',
      }),
      'ann',
      queryClient,
    )
    expect(showNotification.mock.calls[0]![0]).toBe('New testimony')
    expect(showNotification.mock.calls[0]![1].body).toBe('A prayer you prayed for was answered')
    expect(showNotification.mock.calls[0]![1].data).toMatchObject({
      url: '/testimonies?highlight=t-1',
    })
  })

  it('shows nothing for a member who has not turned them on here, nor after turning them off', async () => {
    chooseSystemNotifications('ann', true)
    await showSystemNotification(aNotification(), 'bea', queryClient)
    await showSystemNotification(aNotification(), null, queryClient)
    chooseSystemNotifications('ann', false)
    await showSystemNotification(aNotification(), 'ann', queryClient)
    expect(showNotification).not.toHaveBeenCalled()
  })

  it('shows nothing once the browser permission is withdrawn', async () => {
    chooseSystemNotifications('ann', true)
    permission = 'denied'
    expect(systemNotificationsOn('ann')).toBe(false)
    await showSystemNotification(aNotification(), 'ann', queryClient)
    expect(showNotification).not.toHaveBeenCalled()
  })

  it('shows nothing while the app is in front (the panel shows it live), unless chosen', async () => {
    chooseSystemNotifications('ann', true)
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    await showSystemNotification(aNotification(), 'ann', queryClient)
    expect(showNotification).not.toHaveBeenCalled()
    chooseShowInFront('ann', true)
    await showSystemNotification(aNotification(), 'ann', queryClient)
    expect(showNotification).toHaveBeenCalledTimes(1)
  })

  it('follows the member’s settings: a type turned off, a muted request, quiet hours', async () => {
    chooseSystemNotifications('ann', true)
    const muted = aNotification({ type: 'IntentionComment' })
    serverWith({ push: { PrayerAmenReaction: false } }, [muted.sourceIntentionId!])
    await showSystemNotification(aNotification({ type: 'PrayerAmenReaction' }), 'ann', queryClient)
    await showSystemNotification(muted, 'ann', queryClient)
    expect(showNotification).not.toHaveBeenCalled()
    await showSystemNotification(aNotification({ type: 'IntentionComment' }), 'ann', queryClient)
    expect(showNotification).toHaveBeenCalledTimes(1)

    queryClient.clear()
    serverWith({ quiet_hours: { from: '10:00', to: '12:00', time_zone: 'UTC' } })
    vi.useFakeTimers({ now: new Date('2026-01-15T10:30:00Z'), toFake: ['Date'] })
    try {
      await showSystemNotification(aNotification(), 'ann', queryClient)
    } finally {
      vi.useRealTimers()
    }
    expect(showNotification).toHaveBeenCalledTimes(1)
  })
})
