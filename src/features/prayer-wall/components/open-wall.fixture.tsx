import type { Intention } from '@contract/intentions'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach } from 'vitest'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'

// Shared by the wall's component tests: the real /prayerwall route against a fake server.
afterEach(() => window.sessionStorage.clear())

export const FEED = 'GET /api/v1/intentions'

export function page(items: Intention[], next_cursor: string | null = null) {
  return { json: { items, next_cursor } }
}

export function openWall(
  path: string,
  routes: Record<string, FakeRoute>,
  { moderator = false } = {},
) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: 'me',
        display_name: 'Quiet Dove',
        email_verified: true,
        is_moderator: moderator,
      },
    },
    ...routes,
  })
  const view = renderRoute(path)
  return { ...view, api, user: userEvent.setup() }
}

export const card = (title: string) => screen.findByRole('article', { name: title })
