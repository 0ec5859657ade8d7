// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NotificationDevices } from '@contract/hub'
import type { PushPayload } from '@contract/push'
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
// What the server said of the member's devices in NewNotification (issue 40).
const reaching: NotificationDevices = { reaches: true, previews: true }

beforeEach(() => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(false)
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
    await showSystemNotification(notification, reaching, 'ann')
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
      reaching,
      'ann',
    )
    expect(showNotification.mock.calls[0]![0]).toBe('New testimony')
    expect(showNotification.mock.calls[0]![1].body).toBe('A prayer you prayed for was answered')
    expect(showNotification.mock.calls[0]![1].data).toMatchObject({
      url: '/testimonies?highlight=t-1',
    })
  })

  it('shows nothing for a member who has not turned them on here, nor after turning them off', async () => {
    chooseSystemNotifications('ann', true)
    await showSystemNotification(aNotification(), reaching, 'bea')
    await showSystemNotification(aNotification(), reaching, null)
    chooseSystemNotifications('ann', false)
    await showSystemNotification(aNotification(), reaching, 'ann')
    expect(showNotification).not.toHaveBeenCalled()
  })

  it('shows nothing once the browser permission is withdrawn', async () => {
    chooseSystemNotifications('ann', true)
    permission = 'denied'
    expect(systemNotificationsOn('ann')).toBe(false)
    await showSystemNotification(aNotification(), reaching, 'ann')
    expect(showNotification).not.toHaveBeenCalled()
  })

  it('shows nothing while the app is in front (the panel shows it live), unless chosen', async () => {
    chooseSystemNotifications('ann', true)
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    await showSystemNotification(aNotification(), reaching, 'ann')
    expect(showNotification).not.toHaveBeenCalled()
    chooseShowInFront('ann', true)
    await showSystemNotification(aNotification(), reaching, 'ann')
    expect(showNotification).toHaveBeenCalledTimes(1)
  })

  it('shows nothing when the server says it does not reach devices (a type off, a mute, quiet hours)', async () => {
    chooseSystemNotifications('ann', true)
    await showSystemNotification(aNotification(), { reaches: false, previews: true }, 'ann')
    expect(showNotification).not.toHaveBeenCalled()
    await showSystemNotification(aNotification(), reaching, 'ann')
    expect(showNotification).toHaveBeenCalledTimes(1)
  })

  it('with previews off, says only what happened: no request words, no name', async () => {
    chooseSystemNotifications('ann', true)
    const notification = aNotification({
      type: 'IntentionComment',
      title: 'Please pray for my marriage',
      message: 'We are separating',
      sourceUserDisplayName: 'Gentle Dove',
    })
    await showSystemNotification(notification, { reaches: true, previews: false }, 'ann')
    const [title, options] = showNotification.mock.calls[0]!
    expect(title).toBe('Someone commented on your request')
    expect(options.body).toBe('')
    expect(JSON.stringify(options)).not.toMatch(/marriage|separating|Gentle Dove/)
  })
})
