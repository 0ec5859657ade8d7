import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, del, get } from 'idb-keyval'
import { OUTBOX_SYNC_TAG } from '@contract/outbox'
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
let registerSync: ReturnType<typeof vi.fn>

// The member the page last named to the worker (sw/api-owner.ts), whose outbox a prayer joins.
const owner = vi.hoisted(() => ({ userId: 'ann' as string | null }))
vi.mock('./api-owner', () => ({ currentApiOwner: async () => owner.userId }))
const outbox = createStore('prayer-outbox-v1:ann', 'outbox')

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
  registerSync = vi.fn(async () => undefined)
  owner.userId = 'ann'
  vi.stubGlobal('self', {
    location: { origin: ORIGIN },
    // No Badging API here: the app badge (sw/app-badge.ts) is left alone.
    navigator: {},
    registration: { showNotification, sync: { register: registerSync } },
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

  it('with previews off (issue 40), says only what happened, whatever words slipped in', async () => {
    const { showPushedNotification } = await import('./notifications')
    const wordless: PushPayload = {
      ...payload,
      notification: { ...payload.notification, type: 'PrayerCandleReaction', title: 'My son' },
      previews: false,
    }
    await dispatch(showPushedNotification, { data: { json: () => wordless } })
    const [title, options] = showNotification.mock.calls[0]!
    expect(title).toBe('Someone lit a candle for your request')
    expect(options).toMatchObject({ body: '' })
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

  it('a click on the reminder itself opens the list', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/prayerlist`)
    expect(fetchSpy).toHaveBeenCalledTimes(1)
    expect(fetchSpy).toHaveBeenCalledWith(READ_URL, expect.objectContaining({ method: 'PUT' }))
  })

  describe('"I prayed" with no connection', () => {
    beforeEach(async () => {
      await del('queue', outbox)
      fetchSpy.mockImplementation(async (url: string) => {
        if (url.includes('/pray')) throw new TypeError('Failed to fetch')
        return new Response('{}')
      })
    })

    const queued = async () =>
      (await get<{ key: string; target: string; write: unknown }[]>('queue', outbox)) ?? []
    const sentKey = () => {
      const [, init] = fetchSpy.mock.calls.find(([url]) => String(url).includes('/pray')) as [
        string,
        RequestInit,
      ]
      return (init.headers as Record<string, string>)['Idempotency-Key']
    }

    it('joins the outbox under the key it tried, asks for a Background Sync, opens nothing', async () => {
      const { openClickedNotification } = await import('./notifications')
      await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
      expect(await queued()).toEqual([
        expect.objectContaining({
          key: sentKey(),
          target: `intention:${data.intentionId}:pray`,
          write: { kind: 'pray', intentionId: data.intentionId },
          attempts: 0,
          retryAt: null,
        }),
      ])
      expect(registerSync).toHaveBeenCalledWith(OUTBOX_SYNC_TAG)
      expect(openWindow).not.toHaveBeenCalled()
    })

    it('a second tap for a prayer already waiting adds nothing', async () => {
      const { openClickedNotification } = await import('./notifications')
      await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
      await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
      expect(await queued()).toHaveLength(1)
    })

    it('opens the list when no member is named to the worker (signed out)', async () => {
      owner.userId = null
      const { openClickedNotification } = await import('./notifications')
      await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
      expect(await queued()).toEqual([])
      expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/prayerlist`)
    })
  })

  it('"I prayed" that the server refuses opens the list, where the member sees why', async () => {
    fetchSpy.mockImplementation(async (url: string) =>
      url.includes('/pray') ? new Response('{}', { status: 401 }) : new Response('{}'),
    )
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/prayerlist`)
  })
})
