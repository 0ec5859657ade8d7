import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '@/router'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

function openApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

const member = { isAuthenticated: true, hasProfile: true }
const pendingLink = { provider: 'google', displayName: 'Gentle Dove', email: 'a•••@example.org' }

describe('confirming a social link (issue 37)', () => {
  it('names the provider and the account, and links only when the member says so', async () => {
    const user = userEvent.setup()
    const server = fakeAuthServer(member)
    server.on('GET /auth/social/link', () => Response.json(pendingLink))
    server.on('POST /auth/social/link', () => new Response(null, { status: 204 }))
    const router = openApp('/auth/link?next=%2Ftestimonies')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link Google to your account?' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('From now on, Continue with Google will sign you in to this account:'),
    ).toBeInTheDocument()
    expect(screen.getByText('Gentle Dove')).toBeInTheDocument()
    expect(screen.getByText('a•••@example.org')).toBeInTheDocument()
    expect(server.callsTo('POST /auth/social/link')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Link Google' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    expect(server.callsTo('POST /auth/social/link')).toHaveLength(1)
  })

  it("forgets the link when the member answers Don't link", async () => {
    const user = userEvent.setup()
    const server = fakeAuthServer(member)
    server.on('GET /auth/social/link', () => Response.json(pendingLink))
    server.on('DELETE /auth/social/link', () => new Response(null, { status: 204 }))
    const router = openApp('/auth/link?next=%2Ftestimonies')

    await user.click(await screen.findByRole('button', { name: "Don't link" }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    expect(server.callsTo('DELETE /auth/social/link')).toHaveLength(1)
    expect(server.callsTo('POST /auth/social/link')).toHaveLength(0)
  })

  it('keeps the page and says why when the link could not be made', async () => {
    const user = userEvent.setup()
    const server = fakeAuthServer(member)
    server.on('GET /auth/social/link', () => Response.json(pendingLink))
    server.on('POST /auth/social/link', () => problem(500, 'internal', 'Something broke here.'))
    const router = openApp('/auth/link?next=%2Ftestimonies')

    await user.click(await screen.findByRole('button', { name: 'Link Google' }))
    expect(await screen.findByText('Something broke here.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/link')
    expect(screen.getByRole('button', { name: 'Link Google' })).toBeEnabled()
  })

  it('says when nothing waits (expired or answered) and lets the member go on', async () => {
    const user = userEvent.setup()
    const server = fakeAuthServer(member)
    server.on('GET /auth/social/link', () =>
      problem(404, 'social_link_not_found', 'There is no account link waiting for you here.'),
    )
    const router = openApp('/auth/link?next=%2Ftestimonies')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nothing to link' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    expect(server.callsTo('POST /auth/social/link')).toHaveLength(0)
  })

  it('sends a visitor to log in first, and back here after', async () => {
    fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    const router = openApp('/auth/link?next=%2Ftestimonies')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ next: '/auth/link?next=%2Ftestimonies' })
  })

  it('is where the password step goes on to when it proved an account for a link', async () => {
    const user = userEvent.setup()
    const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    server.on('POST /auth/password', () => {
      server.state.session = member
      return new Response(null, { status: 204 })
    })
    server.on('GET /auth/social/link', () => Response.json(pendingLink))
    const router = openApp('/login')
    await router.navigate({
      to: '/auth/password',
      state: { email: 'ann@example.org', next: '/auth/link?next=%2Ftestimonies' },
    })

    await user.type(await screen.findByLabelText(/^Password/), 'Correct-horse-9')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link Google to your account?' }),
    ).toBeInTheDocument()
    expect(router.state.location.href).toBe('/auth/link?next=%2Ftestimonies')
  })
})
