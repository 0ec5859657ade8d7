import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import type { PushPayload } from '@contract/push'
import type { SystemNotificationData } from '@contract/system-notification'
import {
  aWindow,
  clickOn,
  dispatch,
  ORIGIN,
  payload,
  READ_URL,
  scope,
  useFakeWorkerScope,
} from './testing/fake-worker-scope'

// The worker's push and notificationclick handlers, over a fake worker scope: what a push shows,
// and where a click goes (focus and navigate an open window, or open one) and that it marks read.
// A prayer-list reminder's notification and actions: reminder-notifications.test.ts.

vi.mock('./api-owner', async () => {
  const { workerOwner } = await import('./testing/fake-worker-scope')
  return { currentApiOwner: async () => workerOwner.userId }
})
useFakeWorkerScope()

describe('push', () => {
  it('shows the pushed notification with the panel’s wording, the icon and its id as tag', async () => {
    const { showPushedNotification } = await import('./notifications')
    await dispatch(showPushedNotification, { data: { json: () => payload } })
    expect(scope.showNotification).toHaveBeenCalledWith('New testimony', {
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
    const [title, options] = scope.showNotification.mock.calls[0]!
    expect(title).toBe('Someone lit a candle for your request')
    expect(options).toMatchObject({ body: '' })
  })

  it('tags a folded entry by its fold, so the next one replaces it with its count (issue 47)', async () => {
    const { showPushedNotification } = await import('./notifications')
    const key = `PrayerReaction:${payload.notification.sourceIntentionId}`
    const folded = (count: number): PushPayload => ({
      ...payload,
      notification: {
        ...payload.notification,
        notificationId: `0190b2c3-d4e5-7f60-8a9b-00000000000${count}`,
        type: 'PrayerReaction',
        sourceTestimonyId: null,
        fold: { key, count, people: count, names: ['Ana'], since: payload.notification.createdAt },
      },
      wording: { title: `Ana and ${count - 1} others prayed for your intention`, body: 'For Mum' },
    })
    await dispatch(showPushedNotification, { data: { json: () => folded(2) } })
    await dispatch(showPushedNotification, { data: { json: () => folded(3) } })
    const [title, options] = scope.showNotification.mock.calls[1] as [string, NotificationOptions]
    expect(title).toBe('Ana and 2 others prayed for your intention')
    expect(options.tag).toBe(key)
    expect(
      scope.showNotification.mock.calls.map(([, shown]) => (shown as NotificationOptions).tag),
    ).toEqual([key, key])
    // A click reads the newest, which reads the whole fold on the server.
    expect(options.data).toMatchObject({ notificationId: folded(3).notification.notificationId })
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
    expect(scope.showNotification).not.toHaveBeenCalled()
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
    scope.windows = [background, front]
    const { openClickedNotification } = await import('./notifications')
    const event = clickOn(data)
    await dispatch(openClickedNotification, event)

    expect(event.notification.close).toHaveBeenCalled()
    expect(front.focus).toHaveBeenCalled()
    expect(front.navigate).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
    expect(background.navigate).not.toHaveBeenCalled()
    expect(scope.openWindow).not.toHaveBeenCalled()
    expect(scope.fetchSpy).toHaveBeenCalledWith(READ_URL, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ notificationIds: [data.notificationId] }),
    })
  })

  it('still takes the open window to the target when the browser refuses to focus it', async () => {
    const front = aWindow(`${ORIGIN}/groups`, true)
    front.focus.mockRejectedValue(new TypeError('Not allowed to focus a window.'))
    scope.windows = [front]
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))

    expect(front.navigate).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
    expect(scope.openWindow).not.toHaveBeenCalled()
  })

  it('opens a window at the target when none is open', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))
    expect(scope.openWindow).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
  })

  it('opens a window when the open one cannot be navigated (not controlled yet)', async () => {
    const front = aWindow(`${ORIGIN}/`, true)
    front.navigate.mockRejectedValue(new TypeError('not controlled'))
    scope.windows = [front]
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))
    expect(scope.openWindow).toHaveBeenCalledWith(`${ORIGIN}${data.url}`)
  })

  it('opens the app itself for a notification with no target, and still marks it read', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn({ ...data, url: null }))
    expect(scope.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`)
    expect(scope.fetchSpy).toHaveBeenCalledTimes(1)
  })

  it('a failed read call does not fail the click', async () => {
    scope.fetchSpy.mockRejectedValue(new TypeError('offline'))
    const { openClickedNotification } = await import('./notifications')
    await expect(dispatch(openClickedNotification, clickOn(data))).resolves.toBeUndefined()
    expect(scope.openWindow).toHaveBeenCalled()
  })

  it('ignores a notification that is not ours', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(null))
    expect(scope.openWindow).not.toHaveBeenCalled()
    expect(scope.fetchSpy).not.toHaveBeenCalled()
  })
})
