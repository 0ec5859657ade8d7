import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'
import { unreadCountQueryOptions } from '../api/get-unread-count'
import { bell, NOTIFICATIONS, notificationsServer, openApp } from './notifications.fixture'

// Spec 000 §2 and §9: the header's bell shows the unread count, capped at '99+', and rings for
// 300 ms when the count changes to above 0.
describe('the notification bell', () => {
  it('shows the unread count, capped at 99+', async () => {
    openApp('/', { [NOTIFICATIONS]: notificationsServer({ pages: {}, unreadCount: () => 150 }) })
    const button = await screen.findByRole('button', { name: 'Notifications, 99+ unread' })
    expect(within(button).getByText('99+')).toBeVisible()
  })

  it('shows the exact count up to 99 and no badge at 0', async () => {
    let unread = 99
    const { queryClient } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: {}, unreadCount: () => unread }),
    })
    const button = await screen.findByRole('button', { name: 'Notifications, 99 unread' })
    expect(within(button).getByText('99')).toBeVisible()

    unread = 0
    await act(() => queryClient.refetchQueries({ queryKey: unreadCountQueryOptions().queryKey }))
    // Nothing of the last count stays in the button, hidden or not: its name holds no number.
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveTextContent(/^$/)
  })

  it('is not there for visitors', async () => {
    const api = fakeApi({
      'GET /auth/session': { json: { isAuthenticated: false, hasProfile: null } },
    })
    renderRoute('/')
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument()
    expect(api.sent('GET', '/api/notifications')).toEqual([])
  })

  it('rings for 300 ms when the count rises, not when it first loads or drops to 0', async () => {
    const { queryClient } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: {}, unreadCount: () => 2 }),
    })
    await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    // What swings: the bell's icon (the svg's frame), found cheaply enough to catch 300 ms.
    const icon = () =>
      document.querySelector('button[aria-label^="Notifications"] svg')?.parentElement
    expect(icon()).not.toHaveAttribute('data-ringing')

    act(() => queryClient.setQueryData(unreadCountQueryOptions().queryKey, 3))
    await waitFor(() => expect(icon()).toHaveAttribute('data-ringing', 'true'), { interval: 20 })
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible()
    await waitFor(() => expect(icon()).not.toHaveAttribute('data-ringing'), { timeout: 1_000 })

    act(() => queryClient.setQueryData(unreadCountQueryOptions().queryKey, 0))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible()
    expect(icon()).not.toHaveAttribute('data-ringing')
  })

  it('opens the panel from the keyboard and gives focus back on Escape', async () => {
    const { user } = openApp('/', {
      [NOTIFICATIONS]: notificationsServer({ pages: { first: [] }, unreadCount: () => 0 }),
    })
    const button = await bell()
    button.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' })
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(button).toHaveFocus())
  })
})
