import { afterEach, beforeEach, vi } from 'vitest'
import type { PushPayload } from '@contract/push'
import type { SystemNotificationData } from '@contract/system-notification'

// A fake worker scope for the worker's notification handlers' tests (sw/*notifications.test.ts):
// its open windows, showNotification, openWindow, fetch and Background Sync, made anew for each
// test; and a way to run a handler as the browser would, waiting for what it waits for.

export const ORIGIN = 'https://prayer.example.org'
export const READ_URL = 'https://notify.prayer.example.org/api/notifications/read'

export type FakeWindow = {
  url: string
  focused: boolean
  focus: ReturnType<typeof vi.fn>
  navigate: ReturnType<typeof vi.fn>
}

export const scope = {} as {
  windows: FakeWindow[]
  showNotification: ReturnType<typeof vi.fn>
  openWindow: ReturnType<typeof vi.fn>
  fetchSpy: ReturnType<typeof vi.fn>
  registerSync: ReturnType<typeof vi.fn>
}

export function aWindow(url: string, focused = false): FakeWindow {
  const window: FakeWindow = {
    url,
    focused,
    focus: vi.fn(async () => window),
    navigate: vi.fn(async (to: string) => ({ ...window, url: to })),
  }
  return window
}

/**
 * The member the page last named to the worker (sw/api-owner.ts), whose outbox a prayer joins;
 * 'ann' at the start of each test. Each test file mocks `./api-owner` to read it from here: the
 * server project shares one module cache between files (isolate: false), so a mock reading an
 * object of its own file would keep answering from the first file that imported the handlers.
 */
export const workerOwner = { userId: 'ann' as string | null }

/** Installs the fake scope before each test of the calling file. */
export function useFakeWorkerScope() {
  beforeEach(() => {
    scope.windows = []
    scope.showNotification = vi.fn(async () => undefined)
    scope.openWindow = vi.fn(async () => null)
    scope.fetchSpy = vi.fn(async () => new Response(JSON.stringify({ unreadCount: 0 })))
    scope.registerSync = vi.fn(async () => undefined)
    workerOwner.userId = 'ann'
    vi.stubGlobal('self', {
      location: { origin: ORIGIN },
      // No Badging API here: the app badge (sw/app-badge.ts) is left alone.
      navigator: {},
      registration: {
        showNotification: scope.showNotification,
        sync: { register: scope.registerSync },
      },
      clients: { matchAll: vi.fn(async () => scope.windows), openWindow: scope.openWindow },
    })
    vi.stubGlobal('fetch', scope.fetchSpy)
  })
  afterEach(() => vi.unstubAllGlobals())
}

/** Runs a handler with an event that records what it waits for, and waits for it. */
export async function dispatch<E>(handler: (event: E) => void, event: object) {
  const pending: Promise<unknown>[] = []
  handler({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) } as E)
  await Promise.all(pending)
}

/** A push as the server sends it. */
export const payload: PushPayload = {
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

/** A notificationclick on a notification carrying `data`. */
export function clickOn(data: SystemNotificationData | null) {
  return { notification: { data, close: vi.fn() } }
}
