import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiFetch } from '@/lib/api-client'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'

// Issue 38, join = "approval": a member who finished onboarding waits on /waiting.

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

const waitingMember = { isAuthenticated: true, hasProfile: true, isPending: true }

describe('the waiting page', () => {
  it('is where a waiting member lands, says what happens next, and opens the wall once approved', async () => {
    const server = fakeAuthServer(waitingMember)
    const { router } = renderRoute('/prayerwall')
    await waitFor(() => expect(router.state.location.pathname).toBe('/waiting'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Waiting for approval' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument()
    expect(screen.getByText(/We email you as soon as you are approved/)).toBeInTheDocument()
    // Nothing the server would refuse: no notifications, no hub, no outbox.
    expect(server.callsTo('GET /api/notifications')).toHaveLength(0)
    expect(server.callsTo('POST /hub/notifications/negotiate')).toHaveLength(0)

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Still waiting for approval.')
    expect(router.state.location.pathname).toBe('/waiting')

    server.state.session = { isAuthenticated: true, hasProfile: true }
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/prayerwall'))
  })

  it('signs out', async () => {
    const server = fakeAuthServer(waitingMember)
    server.on('POST /auth/logout', () => new Response(null, { status: 204 }))
    const { router } = renderRoute('/waiting')
    const signOut = await screen.findByRole('button', { name: 'Sign out' })
    await userEvent.setup().click(signOut)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(server.callsTo('POST /auth/logout')).toHaveLength(1)
  })

  it('sends onboarding first, and a member who is in to the wall', async () => {
    fakeAuthServer({ isAuthenticated: true, hasProfile: false, isPending: true } as never)
    const first = renderRoute('/waiting')
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/onboarding'))
    first.unmount()

    fakeAuthServer({ isAuthenticated: true, hasProfile: true })
    const second = renderRoute('/waiting')
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/prayerwall'))
  })

  it('is where a 403 membership_pending from any call leads', async () => {
    const server = fakeAuthServer({ isAuthenticated: true, hasProfile: true })
    const { router } = renderRoute('/testimonies')
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    server.on('GET /api/v1/intentions', () => problem(403, 'membership_pending'))
    const { queryClient } = router.options.context
    await queryClient
      .fetchQuery({
        queryKey: ['probe'],
        queryFn: () => apiFetch('/api/v1/intentions'),
        retry: false,
      })
      .catch(() => undefined)
    await waitFor(() => expect(router.state.location.pathname).toBe('/waiting'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Waiting for approval' }),
    ).toBeInTheDocument()
  })
})
