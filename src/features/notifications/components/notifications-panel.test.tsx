import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deferredReply, problem } from '@/testing/fake-api'
import { aNotification } from '../notification-fixtures'
import { NOTIFICATIONS, notificationsServer, openApp, openPanel } from './notifications.fixture'

// Spec 000 §2 "Notifications panel" and §4 "Notification read state", in the real app.
// A notification's own button: its name is its first line, after 'Unread: ' when unread.
const named = (firstLine: string) => new RegExp(`^(Unread: )?${firstLine}`)
const item = (dialog: HTMLElement, firstLine: string) =>
  within(dialog).getByRole('button', { name: named(firstLine) })
const findItem = (dialog: HTMLElement, firstLine: string) =>
  within(dialog).findByRole('button', { name: named(firstLine) })

/** Every address the app went through (the wall drops a highlight it has shown). */
function visited(router: {
  history: { subscribe: (listener: () => void) => void; location: { href: string } }
}) {
  const hrefs: string[] = []
  router.history.subscribe(() => hrefs.push(router.history.location.href))
  return hrefs
}

describe('the notifications panel', () => {
  it('lists the notifications with the wording of their type, the unread line and the actions', async () => {
    const prayed = aNotification({ type: 'PrayerReaction', sourceUserDisplayName: 'Gentle Dove' })
    const comment = aNotification({ type: 'IntentionComment', sourceUserDisplayName: null })
    const removed = aNotification({
      type: 'ContentRemoved',
      title: 'A moderator removed your comment',
      message: 'It broke the community guidelines.',
      readAt: '2026-11-21T10:00:00.000Z',
      createdAt: 'not a date',
    })
    const { user } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({
        pages: { first: [prayed, comment, removed] },
        unreadCount: () => 2,
      }),
    })
    const dialog = await openPanel(user)

    expect(within(dialog).getByRole('heading', { name: 'Notifications' })).toBeVisible()
    const first = await findItem(dialog, 'Gentle Dove prayed for you')
    expect(first).toHaveTextContent('Unread: Gentle Dove prayed for you')
    expect(first).toHaveTextContent('on your intention.')
    expect(first).toHaveTextContent('5 minutes ago')
    const second = item(dialog, 'Someone commented on your intention')
    expect(second).not.toHaveTextContent('Strength for the week ahead')
    const third = item(dialog, 'A moderator removed your comment')
    expect(third).not.toHaveTextContent('Unread')
    expect(third).toHaveTextContent('It broke the community guidelines.')
    expect(third).toHaveTextContent('Recently')

    expect(within(dialog).getByText('2 unread notifications')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeVisible()
    expect(
      within(dialog).queryByRole('button', { name: /Mark selected read/ }),
    ).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    // Read items offer no 'Mark as read'.
    expect(within(dialog).getAllByRole('button', { name: /^Mark as read/ })).toHaveLength(2)
  })

  it('shows a spinner on first load, then says when there is nothing, with no Mark all read', async () => {
    const reply = deferredReply()
    const { user } = openApp('/', {
      [NOTIFICATIONS]: (request) =>
        request.path.includes('unreadOnly=true')
          ? { json: { items: [], nextCursor: null, unreadCount: 0 } }
          : reply.route(),
    })
    const dialog = await openPanel(user)
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Loading notifications' }),
    ).toBeVisible()

    reply.release({ json: { items: [], nextCursor: null, unreadCount: 0 } })
    expect(await within(dialog).findByText('No notifications yet')).toBeVisible()
    expect(within(dialog).getByText('0 unread notifications')).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument()
  })

  it('uses the singular for one unread notification', async () => {
    const { user } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({
        pages: { first: [aNotification()] },
        unreadCount: () => 1,
      }),
    })
    const dialog = await openPanel(user)
    expect(await within(dialog).findByText('1 unread notification')).toBeVisible()
  })

  it('loads more pages with Load more, saying Loading... meanwhile', async () => {
    const later = deferredReply()
    const older = aNotification({ type: 'TestimonyCreated', message: 'An older testimony' })
    const firstPage = Array.from({ length: 20 }, () =>
      aNotification({ readAt: '2026-11-21T10:00:00.000Z' }),
    )
    const { user, api } = openApp('/', {
      [NOTIFICATIONS]: (request) => {
        if (request.path.includes('unreadOnly=true'))
          return { json: { items: [], nextCursor: null, unreadCount: 0 } }
        if (request.path.includes('cursor=page-2')) return later.route()
        return { json: { items: firstPage, nextCursor: 'page-2', unreadCount: 0 } }
      },
    })
    const dialog = await openPanel(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Load more' }))
    expect(within(dialog).getByRole('button', { name: 'Loading...' })).toBeDisabled()

    later.release({ json: { items: [older], nextCursor: null, unreadCount: 0 } })
    expect(await within(dialog).findByText('An older testimony')).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(api.sent('GET', '/api/notifications').map((request) => request.path)).toContain(
      '/api/notifications?limit=20&cursor=page-2',
    )
  })

  it('marks all read: the server is told, the badge and the button go', async () => {
    let unread = 2
    const { user, api } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({
        pages: { first: [aNotification(), aNotification()] },
        unreadCount: () => unread,
      }),
      'PUT /api/notifications/read-all': () => {
        unread = 0
        return { json: { unreadCount: 0 } }
      },
    })
    const dialog = await openPanel(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Mark all read' }))

    expect(await within(dialog).findByText('0 unread notifications')).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument()
    expect(within(dialog).queryAllByRole('button', { name: /^Mark as read/ })).toHaveLength(0)
    expect(api.sent('PUT', '/api/notifications/read-all')).toHaveLength(1)
    // The open panel hides the page from assistive technology; the bell is still behind it.
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument()
  })

  it('marks the selected items read and clears the selection', async () => {
    const [a, b, c] = [
      aNotification(),
      aNotification({ type: 'PrayerCandleReaction' }),
      aNotification(),
    ]
    const { user, api } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [a, b, c] }, unreadCount: () => 3 }),
      'PUT /api/notifications/read': { json: { unreadCount: 1 } },
    })
    const dialog = await openPanel(user)
    const boxes = await within(dialog).findAllByRole('checkbox', { name: /^Select:/ })
    await user.click(boxes[0]!)
    await user.click(boxes[1]!)
    expect(boxes[1]?.closest('li')).toHaveAttribute('data-selected', 'true')

    await user.click(within(dialog).getByRole('button', { name: 'Mark selected read (2)' }))

    expect(api.sent('PUT', '/api/notifications/read')[0]?.body).toEqual({
      notificationIds: [a.notificationId, b.notificationId],
    })
    expect(
      within(dialog).queryByRole('button', { name: /Mark selected read/ }),
    ).not.toBeInTheDocument()
    expect(
      within(dialog).queryAllByRole('checkbox', { name: /^Select:/, checked: true }),
    ).toHaveLength(0)
    expect(await within(dialog).findByText('1 unread notification')).toBeVisible()
    expect(item(dialog, 'Gentle Dove lit a candle')).not.toHaveTextContent('Unread')
  })

  it("marks one read with its 'Mark as read' button, and puts it back if the server refuses", async () => {
    const only = aNotification()
    let refuse = false
    const { user, api } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [only] }, unreadCount: () => 1 }),
      'PUT /api/notifications/read': () =>
        refuse ? problem(500, 'internal') : { json: { unreadCount: 0 } },
    })
    const dialog = await openPanel(user)
    refuse = true
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'Mark as read: Gentle Dove prayed for you',
      }),
    )

    expect(
      await within(dialog).findByText('Could not mark notifications as read. Please try again.'),
    ).toBeVisible()
    expect(item(dialog, 'Gentle Dove prayed for you')).toHaveTextContent('Unread')
    expect(api.sent('PUT', '/api/notifications/read')[0]?.body).toEqual({
      notificationIds: [only.notificationId],
    })

    refuse = false
    await user.click(
      within(dialog).getByRole('button', { name: 'Mark as read: Gentle Dove prayed for you' }),
    )
    await waitFor(() =>
      expect(item(dialog, 'Gentle Dove prayed for you')).not.toHaveTextContent('Unread'),
    )
    expect(within(dialog).getByText('0 unread notifications')).toBeVisible()
  })

  it('opens an unread prayer notification: marks it read, closes, and highlights the prayer', async () => {
    const prayed = aNotification()
    const { user, api, router } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [prayed] }, unreadCount: () => 1 }),
      'PUT /api/notifications/read': { json: { unreadCount: 0 } },
    })
    const hrefs = visited(router)
    const dialog = await openPanel(user)
    await user.click(await findItem(dialog, 'Gentle Dove prayed for you'))

    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
    expect(hrefs).toContain(`/prayerwall?highlight=${prayed.sourceIntentionId}`)
    expect(api.sent('PUT', '/api/notifications/read')[0]?.body).toEqual({
      notificationIds: [prayed.notificationId],
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('opens a testimony notification on the testimonies page, and a read one without a call', async () => {
    const story = aNotification({
      type: 'TestimonyCreated',
      sourceTestimonyId: '0190f5a4-0000-7000-8000-000000000042',
      readAt: '2026-11-21T10:00:00.000Z',
      message: 'A prayer you prayed for became a testimony',
    })
    const { user, api, router } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [story] }, unreadCount: () => 0 }),
    })
    const hrefs = visited(router)
    const dialog = await openPanel(user)
    await user.click(await findItem(dialog, 'New testimony'))

    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    expect(hrefs).toContain(`/testimonies?highlight=${story.sourceTestimonyId}`)
    expect(api.sent('PUT', '/api/notifications/read')).toEqual([])
  })

  it('stays open on a notification with nowhere to go, having marked it read', async () => {
    const summary = aNotification({
      type: 'WeeklySummary',
      title: 'Your week in prayer',
      sourceIntentionId: null,
      sourceTestimonyId: null,
    })
    const { user, api, router } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [summary] }, unreadCount: () => 1 }),
      'PUT /api/notifications/read': { json: { unreadCount: 0 } },
    })
    const dialog = await openPanel(user)
    await user.click(await findItem(dialog, 'Your week in prayer'))

    await waitFor(() => expect(api.sent('PUT', '/api/notifications/read')).toHaveLength(1))
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
  })

  it('closes with Close panel and with a click on the backdrop', async () => {
    const { user } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [] }, unreadCount: () => 0 }),
    })
    const dialog = await openPanel(user)
    await user.click(within(dialog).getByRole('button', { name: 'Close panel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await openPanel(user)
    const backdrop = document.querySelector('.MuiBackdrop-root')
    expect(backdrop).not.toBeNull()
    await user.click(backdrop as HTMLElement)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('works from the keyboard: Tab to a notification and Enter opens it', async () => {
    const prayed = aNotification({ type: 'PrayerAmenReaction' })
    const { user, router } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [prayed] }, unreadCount: () => 1 }),
      'PUT /api/notifications/read': { json: { unreadCount: 0 } },
    })
    const dialog = await openPanel(user)
    const target = await findItem(dialog, 'Gentle Dove said Amen')
    for (let i = 0; i < 10 && document.activeElement !== target; i += 1) await user.tab()
    expect(target).toHaveFocus()

    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
  })
})
