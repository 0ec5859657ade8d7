import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { NotificationFold } from '@contract/notifications'
import { notificationListKey, type NotificationListData } from '../api/get-notifications'
import { receiveNotification } from '../api/notification-cache'
import { aNotification } from '../notification-fixtures'
import { NOTIFICATIONS, notificationsServer, openApp, openPanel } from './notifications.fixture'

// Issue 47: folded entries in the panel, who acted, swiping one read, and refreshing the list.

const fold = (overrides: Partial<NotificationFold>): NotificationFold => ({
  key: 'PrayerReaction:0190a1b2-c3d4-7e5f-8a9b-00000000cafe',
  count: 3,
  people: 3,
  names: ['Gentle Dove', 'Bright Star', 'Calm River'],
  since: new Date(Date.now() - 60 * 60_000).toISOString(),
  ...overrides,
})

describe('a folded entry', () => {
  it('says how many acted, and its button lists who: anonymous ones only counted', async () => {
    const prayers = aNotification({ fold: fold({ people: 4 }) })
    const anonymous = aNotification({
      type: 'CommentAmenReaction',
      sourceUserDisplayName: 'Someone',
      message: 'Holding you close',
      fold: fold({ key: 'CommentAmenReaction:c1', count: 2, people: 2, names: [] }),
    })
    const comments = aNotification({
      type: 'IntentionComment',
      message: 'Praying every morning',
      fold: fold({ key: 'IntentionComment:x', count: 4, people: 2, names: ['A', 'B'] }),
    })
    const one = aNotification({ fold: fold({ count: 1, people: 1, names: ['Gentle Dove'] }) })
    const { user } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({
        pages: { first: [prayers, anonymous, comments, one] },
        unreadCount: () => 4,
      }),
    })
    const dialog = await openPanel(user)

    const entry = await within(dialog).findByRole('button', {
      name: /^Unread: Gentle Dove and 3 others prayed for your intention/,
    })
    expect(entry).toHaveTextContent('Strength for the week ahead')
    within(dialog).getByRole('button', { name: /^Unread: 2 people said Amen to your comment/ })
    within(dialog).getByRole('button', { name: /^Unread: 4 new comments on your intention/ })
    // One member's act keeps the spec's wording, and has no one else to show.
    within(dialog).getByRole('button', { name: /^Unread: Gentle Dove prayed for you/ })
    expect(within(dialog).getAllByRole('button', { name: 'Show who' })).toHaveLength(3)

    const who = within(entry.closest('li')!).getByRole('button', { name: 'Show who' })
    expect(who).toHaveAttribute('aria-expanded', 'false')
    await user.click(who)
    expect(who).toHaveAttribute('aria-expanded', 'true')
    expect(who).toHaveAccessibleName('Hide who')
    const people = dialog.ownerDocument.getElementById(who.getAttribute('aria-controls')!)!
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gentle Dove', 'Bright Star', 'Calm River', 'and 1 other'])

    const hidden = within(
      within(dialog)
        .getByRole('button', { name: /^Unread: 2 people said Amen to your comment/ })
        .closest('li')!,
    ).getByRole('button', { name: 'Show who' })
    await user.click(hidden)
    const listed = dialog.ownerDocument.getElementById(hidden.getAttribute('aria-controls')!)!
    expect(listed).toHaveTextContent('and 2 others')
    expect(listed).not.toHaveTextContent('Someone')
  })

  it('is read whole by its own id, by its button or a swipe', async () => {
    const entry = aNotification({ fold: fold({}) })
    const other = aNotification({ type: 'PrayerCandleReaction' })
    const { user, api } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({
        pages: { first: [entry, other] },
        unreadCount: () => 2,
      }),
      'PUT /api/notifications/read': { json: { unreadCount: 1 } },
    })
    const dialog = await openPanel(user)
    await user.click(
      await within(dialog).findByRole('button', {
        name: /^Mark as read: Gentle Dove and 2 others prayed/,
      }),
    )
    await waitFor(() => expect(api.sent('PUT', '/api/notifications/read')).toHaveLength(1))
    expect(api.sent('PUT', '/api/notifications/read')[0]?.body).toEqual({
      notificationIds: [entry.notificationId],
    })

    // A finger slides the other one sideways.
    const row = within(dialog).getByRole('button', { name: /^Unread: Gentle Dove lit a candle/ })
    const swiped = row.parentElement!
    // jsdom has no PointerEvent: a mouse event with a touch pointer's fields stands in.
    const finger = (type: string, clientX: number, clientY: number) =>
      fireEvent(
        swiped,
        Object.assign(new MouseEvent(type, { bubbles: true, clientX, clientY }), {
          pointerId: 7,
          pointerType: 'touch',
        }),
      )
    finger('pointerdown', 200, 100)
    finger('pointermove', 110, 104)
    finger('pointerup', 100, 104)
    await waitFor(() => expect(api.sent('PUT', '/api/notifications/read')).toHaveLength(2))
    expect(api.sent('PUT', '/api/notifications/read')[1]?.body).toEqual({
      notificationIds: [other.notificationId],
    })
  })

  it('is replaced by the next act of its fold, which the count does not add', async () => {
    const entry = aNotification({ fold: fold({}) })
    const { user, queryClient } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [entry] }, unreadCount: () => 1 }),
    })
    const dialog = await openPanel(user)
    await within(dialog).findByRole('button', { name: /^Unread: Gentle Dove and 2 others prayed/ })
    const next = aNotification({
      sourceUserDisplayName: 'New Friend',
      createdAt: new Date().toISOString(),
      fold: fold({ count: 4, people: 4, names: ['New Friend', 'Gentle Dove'] }),
    })
    act(() => receiveNotification(queryClient, next))
    await within(dialog).findByRole('button', { name: /^Unread: New Friend and 3 others prayed/ })
    const data = queryClient.getQueryData<NotificationListData>(notificationListKey)
    expect(data?.pages[0]?.items.map((item) => item.notificationId)).toEqual([next.notificationId])
    expect(within(dialog).getByText('1 unread notification')).toBeVisible()
  })
})

describe('refreshing the panel', () => {
  it('reads the list again from its button', async () => {
    const { user, api } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({
        pages: { first: [aNotification()] },
        unreadCount: () => 1,
      }),
    })
    const dialog = await openPanel(user)
    await within(dialog).findByRole('button', { name: /^Unread: Gentle Dove prayed for you/ })
    const lists = () =>
      api.sent('GET', '/api/notifications').filter((r) => !r.path.includes('unreadOnly')).length
    const before = lists()
    await user.click(within(dialog).getByRole('button', { name: 'Refresh notifications' }))
    await waitFor(() => expect(lists()).toBe(before + 1))
  })
})
