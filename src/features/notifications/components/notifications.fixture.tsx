import type { QueryClient } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ClientNotification } from '../api/get-notifications'
import { fakeApi, type FakeRequest, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

// Shared by the bell and panel tests: the real app at a signed-in page against a fake server.

export const NOTIFICATIONS = 'GET /api/notifications'

/** GET /api/notifications: the bell's unread-only probe, or a page of the list. */
export function notificationsServer({
  pages,
  unreadCount,
}: {
  pages: Record<string, ClientNotification[]>
  unreadCount: () => number
}): FakeRoute {
  return (request: FakeRequest) => {
    const url = new URL(request.path, 'http://app.test')
    if (url.searchParams.get('unreadOnly') === 'true') {
      return { json: { items: [], nextCursor: null, unreadCount: unreadCount() } }
    }
    const cursor = url.searchParams.get('cursor') ?? 'first'
    const keys = Object.keys(pages)
    const next = keys[keys.indexOf(cursor) + 1] ?? null
    return { json: { items: pages[cursor] ?? [], nextCursor: next, unreadCount: unreadCount() } }
  }
}

export function openApp(path: string, routes: Record<string, FakeRoute>) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: 'me',
        display_name: 'Quiet Dove',
        email_verified: true,
        is_moderator: false,
      },
    },
    'GET /api/v1/intentions': { json: { items: [], next_cursor: null } },
    'GET /api/v1/testimonies': { json: { items: [], nextCursor: null } },
    ...routes,
  })
  const view = renderRoute(path)
  const queryClient = view.router.options.context.queryClient as QueryClient
  return { ...view, api, queryClient, user: userEvent.setup() }
}

export const bell = () => screen.findByRole('button', { name: /^Notifications/ })

export async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await bell())
  return screen.findByRole('dialog', { name: 'Notifications' })
}
