import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PushPayload } from '@contract/push'
import type { SystemNotificationData } from '@contract/system-notification'

// The worker's push and notificationclick handlers, over a fake worker scope: what a push shows,
// and where a click goes (focus and navigate an open window, or open one) and that it marks read.

const ORIGIN = 'https://prayer.example.org'
const READ_URL = 'https://notify.prayer.example.org/api/notifications/read'

type FakeWindow = {
  url: string
  focused: boolean
  focus: ReturnType<typeof vi.fn>
  navigate: ReturnType<typeof vi.fn>
}

let windows: FakeWindow[]
let showNotification: ReturnType<typeof vi.fn>
let openWindow: ReturnType<typeof vi.fn>
let fetchSpy: ReturnType<typeof vi.fn>

function aWindow(url: string, focused = false): FakeWindow {
  const window: FakeWindow = {
    url,
    focused,
    focus: vi.fn(async () => window),
    navigate: vi.fn(async (to: string) => ({ ...window, url: to })),
  }
  return window
}

beforeEach(() => {
  windows = []
  showNotification = vi.fn(async () => undefined)
  openWindow = vi.fn(async () => null)
  fetchSpy = vi.fn(async () => new Response(JSON.stringify({ unreadCount: 0 })))
  vi.stubGlobal('self', {
    location: { origin: ORIGIN },
    // No Badging API here: the app badge (sw/app-badge.ts) is left alone.
    navigator: {},
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
  })
  vi.stubGlobal('fetch', fetchSpy)
})
afterEach(() => vi.unstubAllGlobals())

/** Runs a handler with an event that records what it waits for, and waits for it. */
async function dispatch<E>(handler: (event: E) => void, event: object) {
  const pending: Promise<unknown>[] = []
  handler({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) } as E)
  await Promise.all(pending)
}

const payload: PushPayload = {
  notification: {
    notificationId: '0190b2c3-d4e5-7f60-8a9b-000000000001',
    type: 'TestimonyCreated',
    title: 'New testimony',
    message: 'A prayer you prayed for was answered',
    createdAt: '2026-11-22T10:00:00.000Z',
    readAt: null,
    sourceUserDisplayName: null,
    sourceTestimonyId: '0190b2c3-d4e5-7f60-8a9b-0000000000aa',
    sourceIntentionId: '0190b2c3-d4e5-7f60-8a9b-0000000000bb',
    data: null,
  },
  readUrl: READ_URL,
}

function clickOn(data: SystemNotificationData | null) {
  return { notification: { data, close: vi.fn() } }
}

describe('push', () => {
  it('shows the pushed notification with the panel’s wording, the icon and its id as tag', async () => {
    const { showPushedNotification } = await import('./notifications')
    await dispatch(showPushedNotification, { data: { json: () => payload } })
    expect(showNotification).toHaveBeenCalledWith('New testimony', {
      body: 'A prayer you prayed for was answered',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.notification.notificationId,
      data: {
        notificationId: payload.notification.notificationId,
        url: '/testimonies?highlight=0190b2c3-d4e5-7f60-8a9b-0000000000aa',
        readUrl: READ_URL,
      },
    })
  })

  it('ignores a push that is not ours (no data, not JSON, another shape)', async () => {
    const { showPushedNotification } = await import('./notifications')
    await dispatch(showPushedNotification, { data: null })
    await dispatch(showPushedNotification, {
      data: {
        json: () => {
          throw new SyntaxError('not JSON')
        },
      },
    })
    await dispatch(showPushedNotification, { data: { json: () => ({ hello: 'world' }) } })
    expect(showNotification).not.toHaveBeenCalled()
  })
})

describe('notificationclick', () => {
  const data: SystemNotificationData = {
    notificationId: payload.notification.notificationId,
    url: '/prayerwall?highlight=0190b2c3-d4e5-7f60-8a9b-0000000000bb',
    readUrl: READ_URL,
  }

  it('focuses the open app window, takes it to the target and marks the notification read', async () => {
    const background = aWindow(`${ORIGIN}/testimonies`)
    const front = aWindow(`${ORIGIN}/groups`, true)
    windows = [background, front]
    const { openClickedNotification } = await import('./notifications')
    const event = clickOn(data)
    await dispatch(openClickedNotification, event)

    expect(event.notification.close).toHaveBeenCalled()
    expect(front.focus).toHaveBeenCalled()
    expect(front.navigate).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
    expect(background.navigate).not.toHaveBeenCalled()
    expect(openWindow).not.toHaveBeenCalled()
    expect(fetchSpy).toHaveBeenCalledWith(READ_URL, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ notificationIds: [data.notificationId] }),
    })
  })

  it('still takes the open window to the target when the browser refuses to focus it', async () => {
    const front = aWindow(`${ORIGIN}/groups`, true)
    front.focus.mockRejectedValue(new TypeError('Not allowed to focus a window.'))
    windows = [front]
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))

    expect(front.navigate).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
    expect(openWindow).not.toHaveBeenCalled()
  })

  it('opens a window at the target when none is open', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
  })

  it('opens a window when the open one cannot be navigated (not controlled yet)', async () => {
    const front = aWindow(`${ORIGIN}/`, true)
    front.navigate.mockRejectedValue(new TypeError('not controlled'))
    windows = [front]
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
  })

  it('opens the app itself for a notification with no target, and still marks it read', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn({ ...data, url: null }))
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/`)
    expect(fetchSpy).toHaveBeenCalledTimes(1)
  })

  it('a failed read call does not fail the click', async () => {
    fetchSpy.mockRejectedValue(new TypeError('offline'))
    const { openClickedNotification } = await import('./notifications')
    await expect(dispatch(openClickedNotification, clickOn(data))).resolves.toBeUndefined()
    expect(openWindow).toHaveBeenCalled()
  })

  it('ignores a notification that is not ours', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(null))
    expect(openWindow).not.toHaveBeenCalled()
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})

describe('a prayer-list reminder (issue 20)', () => {
  const reminder: PushPayload = {
    ...payload,
    notification: {
      ...payload.notification,
      type: 'PrayerReminder',
      title: '3 requests on your prayer list are waiting',
      sourceTestimonyId: null,
    },
  }
  const data: SystemNotificationData = {
    notificationId: reminder.notification.notificationId,
    url: '/prayerlist',
    readUrl: READ_URL,
    intentionId: reminder.notification.sourceIntentionId,
  }

  it('shows the three actions and opens the list on a click', async () => {
    const { showPushedNotification } = await import('./notifications')
    await dispatch(showPushedNotification, { data: { json: () => reminder } })
    expect(showNotification).toHaveBeenCalledWith(
      '3 requests on your prayer list are waiting',
      expect.objectContaining({
        data,
        actions: [
          { action: 'prayed', title: 'I prayed' },
          { action: 'snooze', title: 'Snooze 1 hour' },
          { action: 'skip', title: 'Not today' },
        ],
      }),
    )
  })

  it.each([
    ['prayed', `/api/v1/intentions/${payload.notification.sourceIntentionId}/pray`],
    ['snooze', '/api/v1/users/me/reminders/snooze'],
    ['skip', '/api/v1/users/me/reminders/skip-today'],
  ])('"%s" calls the server with no window opened', async (action, path) => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, { ...clickOn(data), action })
    expect(fetchSpy).toHaveBeenCalledWith(
      path,
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    )
    expect(openWindow).not.toHaveBeenCalled()
  })

  it('"I prayed" with no connection opens the list, where the prayer queues in the outbox', async () => {
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'))
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/prayerlist`)
  })
})
