import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { profileQueryOptions, sessionQueryOptions } from '@/lib/session'
import { fakeApi } from '@/testing/fake-api'
import { VerifiedSubmitButton } from './verified-submit-button'

afterEach(() => window.sessionStorage.clear())

type Viewer = 'anonymous' | 'unverified' | 'verified'

function renderAt(
  path: string,
  viewer: Viewer,
  button = <VerifiedSubmitButton>Post</VerifiedSubmitButton>,
) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: viewer !== 'anonymous', hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: { user_id: 'u1', email: 'ann@example.org', email_verified: viewer === 'verified' },
    },
  })
  const root = createRootRoute({ component: Outlet })
  const page = createRoute({
    getParentRoute: () => root,
    path: '$',
    component: () => <form>{button}</form>,
  })
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { api, router, queryClient, user: userEvent.setup() }
}

// The gate decides once the session (and, when signed in, the profile) has answered; judging
// earlier would pass for the wrong reason.
async function settled(view: ReturnType<typeof renderAt>, viewer: Viewer) {
  const wait = { timeout: 15_000 }
  await screen.findByRole('button', { name: 'Post' }, wait)
  const answered = viewer === 'anonymous' ? sessionQueryOptions() : profileQueryOptions()
  await waitFor(
    () => expect(view.queryClient.getQueryState(answered.queryKey)?.status).toBe('success'),
    wait,
  )
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  return () => screen.getByRole('button', { name: 'Post' })
}

describe('VerifiedSubmitButton (spec 000 §5 Buttons, §6)', () => {
  it('is disabled for a signed-in member with an unverified email, and says why by keyboard', async () => {
    const { user } = renderAt('/prayerwall/create', 'unverified')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled(), {
      timeout: 15_000,
    })
    expect(screen.getByRole('button', { name: 'Post' })).toHaveAttribute('type', 'submit')

    await user.tab()
    const wrapper = document.activeElement as HTMLElement
    expect(wrapper).toContainElement(screen.getByRole('button', { name: 'Post' }))
    expect(wrapper).toHaveAccessibleDescription('Verify your email to perform this action')
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Verify your email to perform this action',
    )
  })

  it('gates a non-submit button flagged as needing a verified email', async () => {
    renderAt(
      '/prayerwall',
      'unverified',
      <VerifiedSubmitButton type="button" onClick={() => undefined}>
        Post
      </VerifiedSubmitButton>,
    )
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled(), {
      timeout: 15_000,
    })
    expect(screen.getByRole('button', { name: 'Post' })).toHaveAttribute('type', 'button')
  })

  it.each([
    { path: '/prayerwall/create', viewer: 'verified' as const },
    { path: '/testimonies/create', viewer: 'anonymous' as const },
  ])('stays enabled for a $viewer viewer', async ({ path, viewer }) => {
    const button = await settled(renderAt(path, viewer), viewer)
    expect(button()).toBeEnabled()
  })

  // Spec 000 §5: no gating on pages under /auth, /login and /onboarding; the same member is gated
  // as soon as they leave them.
  it.each(['/onboarding', '/login', '/auth/signup'])(
    'stays enabled on %s for an unverified member',
    async (path) => {
      const view = renderAt(path, 'unverified')
      const button = await settled(view, 'unverified')
      expect(button()).toBeEnabled()
      expect(screen.queryByText('Verify your email to perform this action')).toBeNull()

      view.router.history.push('/prayerwall')
      await waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled(), {
        timeout: 15_000,
      })
    },
  )
})
