import type { Comment, CommentPage } from '@contract/comments'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { expect, vi } from 'vitest'
import { profileQueryOptions } from '@/lib/session'
import { fakeApi, type FakeRoute } from '@/testing/fake-api'
import { theme } from '@/theme/theme'
import { CommentsSection } from '../components/comments-section'

export const INTENTION_ID = '0190a000-0000-7000-8000-000000000001'
export const THREAD = `/api/v1/intentions/${INTENTION_ID}/comments`

let sequence = 0

/** A comment as the server sends it, posted a few minutes ago by someone else. */
export function aComment(overrides: Partial<Comment> = {}): Comment {
  sequence += 1
  const id = `0190a000-0000-7000-8000-${String(100000 + sequence).padStart(12, '0')}`
  const at = new Date(Date.now() - 5 * 60_000).toISOString()
  return {
    comment_id: id,
    content: `Praying for you (${sequence})`,
    author_display_name: 'Quiet Cedar',
    created_at: at,
    updated_at: at,
    likes: 0,
    amens: 0,
    liked: false,
    amened: false,
    has_reported: false,
    isYou: false,
    is_op: false,
    ...overrides,
  }
}

export function aPage(items: Comment[], next_cursor: string | null = null): CommentPage {
  return { items, next_cursor }
}

export type Viewer = { verified?: boolean; moderator?: boolean }

/** CommentsSection in a router (the Post button reads the location), signed in as `viewer`. */
export function renderComments({
  routes = {},
  viewer = {},
  closed = false,
}: {
  routes?: Record<string, FakeRoute>
  viewer?: Viewer
  closed?: boolean
}) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: 'viewer',
        email: 'ann@example.org',
        email_verified: viewer.verified ?? true,
        is_moderator: viewer.moderator ?? false,
      },
    },
    ...routes,
  })
  const onCountChange = vi.fn()
  const root = createRootRoute({ component: Outlet })
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: function CardSlot() {
      // Like the card's Comments expander, which unmounts the section when closed.
      const [open, setOpen] = useState(true)
      return (
        <>
          {/* eslint-disable-next-line i18next/no-literal-string -- a test's stand-in, never shown */}
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            Comments
          </button>
          {open && (
            <CommentsSection
              intentionId={INTENTION_ID}
              closed={closed}
              isMineIntention={false}
              onCountChange={onCountChange}
            />
          )}
        </>
      )
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  )
  return { api, queryClient, onCountChange, user: userEvent.setup() }
}

/** Waits until the profile answered, so permissions and the verified gate are settled. */
export async function profileLoaded(queryClient: QueryClient) {
  await waitFor(() =>
    expect(queryClient.getQueryState(profileQueryOptions().queryKey)?.status).toBe('success'),
  )
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** The `<li>` of the comment by its text. */
export async function findComment(text: string): Promise<HTMLElement> {
  const body = await within(await screen.findByRole('list', { name: 'Comments' })).findByText(
    text,
    {
      // A comment's text, not an open editor's box holding the same words.
      ignore: 'script, style, textarea',
    },
  )
  const item = body.closest('li')
  if (!item) throw new Error(`no list item around "${text}"`)
  return item
}

/** The headers `fetch` was called with for the n-th request matching method and path. */
export function sentHeaders(method: string, pathname: string): Record<string, string>[] {
  const calls = vi.mocked(fetch).mock.calls
  return calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://app.test')
      return (init?.method ?? 'GET') === method && url.pathname === pathname
    })
    .map(([, init]) => (init?.headers ?? {}) as Record<string, string>)
}
