import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PushPayload } from '@contract/push'
import type { SystemNotificationData } from '@contract/system-notification'
import { createStore, del, get } from 'idb-keyval'
import { OUTBOX_SYNC_TAG } from '@contract/outbox'
import {
  clickOn,
  dispatch,
  ORIGIN,
  payload,
  READ_URL,
  scope,
  useFakeWorkerScope,
  workerOwner,
} from './testing/fake-worker-scope'

// A prayer-list reminder's system notification (issue 20) over a fake worker scope: its actions,
// its words in the member's language, and "I prayed" kept in the outbox with no connection.

vi.mock('./api-owner', async () => {
  const { workerOwner } = await import('./testing/fake-worker-scope')
  return { currentApiOwner: async () => workerOwner.userId }
})
const outbox = createStore('prayer-outbox-v1:ann', 'outbox')
useFakeWorkerScope()

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
    expect(scope.showNotification).toHaveBeenCalledWith(
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

  it('shows the words the server sent in the member’s language, each action under its id (issue 42)', async () => {
    const { showPushedNotification } = await import('./notifications')
    const wording = {
      title: '3 intenciones de tu lista de oración están esperando',
      body: 'Por la paz',
      actions: [
        { action: 'prayed', title: 'Ya oré' },
        { action: 'snooze', title: 'Posponer 1 hora' },
        { action: 'skip', title: 'Hoy no' },
      ],
    }
    await dispatch(showPushedNotification, { data: { json: () => ({ ...reminder, wording }) } })
    expect(scope.showNotification).toHaveBeenCalledWith(
      wording.title,
      expect.objectContaining({ data, body: 'Por la paz', actions: wording.actions }),
    )
  })

  it.each([
    ['prayed', `/api/v1/intentions/${payload.notification.sourceIntentionId}/pray`],
    ['snooze', '/api/v1/users/me/reminders/snooze'],
    ['skip', '/api/v1/users/me/reminders/skip-today'],
  ])('"%s" calls the server with no window opened', async (action, path) => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, { ...clickOn(data), action })
    expect(scope.fetchSpy).toHaveBeenCalledWith(
      path,
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    )
    expect(scope.openWindow).not.toHaveBeenCalled()
  })

  it('a click on the reminder itself opens the list', async () => {
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, clickOn(data))
    expect(scope.openWindow).toHaveBeenCalledWith(`${ORIGIN}/prayerlist`)
    expect(scope.fetchSpy).toHaveBeenCalledTimes(1)
    expect(scope.fetchSpy).toHaveBeenCalledWith(
      READ_URL,
      expect.objectContaining({ method: 'PUT' }),
    )
  })

  describe('"I prayed" with no connection', () => {
    beforeEach(async () => {
      await del('queue', outbox)
      scope.fetchSpy.mockImplementation(async (url: string) => {
        if (url.includes('/pray')) throw new TypeError('Failed to fetch')
        return new Response('{}')
      })
    })

    const queued = async () =>
      (await get<{ key: string; target: string; write: unknown }[]>('queue', outbox)) ?? []
    const sentKey = () => {
      const [, init] = scope.fetchSpy.mock.calls.find(([url]) => String(url).includes('/pray')) as [
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
      expect(scope.registerSync).toHaveBeenCalledWith(OUTBOX_SYNC_TAG)
      expect(scope.openWindow).not.toHaveBeenCalled()
    })

    it('a second tap for a prayer already waiting adds nothing', async () => {
      const { openClickedNotification } = await import('./notifications')
      await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
      await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
      expect(await queued()).toHaveLength(1)
    })

    it('opens the list when no member is named to the worker (signed out)', async () => {
      workerOwner.userId = null
      const { openClickedNotification } = await import('./notifications')
      await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
      expect(await queued()).toEqual([])
      expect(scope.openWindow).toHaveBeenCalledWith(`${ORIGIN}/prayerlist`)
    })
  })

  it('"I prayed" that the server refuses opens the list, where the member sees why', async () => {
    scope.fetchSpy.mockImplementation(async (url: string) =>
      url.includes('/pray') ? new Response('{}', { status: 401 }) : new Response('{}'),
    )
    const { openClickedNotification } = await import('./notifications')
    await dispatch(openClickedNotification, { ...clickOn(data), action: 'prayed' })
    expect(scope.openWindow).toHaveBeenCalledWith(`${ORIGIN}/prayerlist`)
  })
})
