import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '@/router'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { LinkedSignInErrorCode, LinkedSignInMessage } from '@contract/social-sign-in'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

// StrictMode, as in main.tsx: effects run twice, which must not relay the callback twice.
function openCallback(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
  return router
}

const member = { isAuthenticated: true, hasProfile: true }

describe('social callback (spec 000 §2)', () => {
  it("shows 'Finishing sign in…', relays the query once and goes to the answer's next", async () => {
    const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    let answer: () => void = () => {}
    server.on(
      'GET /auth/google/callback',
      () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            server.state.session = member
            resolve(Response.json({ needsLinking: false, next: '/testimonies', hasProfile: true }))
          }
        }),
    )
    const router = openCallback('/auth/google/callback?code=abc&state=s1&scope=email')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finishing sign in…' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(server.callsTo('GET /auth/google/callback')).toHaveLength(1))
    answer()

    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    const relays = server.callsTo('GET /auth/google/callback')
    expect(relays).toHaveLength(1)
    expect(relays[0]!.url).toBe('/auth/google/callback?code=abc&state=s1&scope=email')
  })

  it('never relays the same state again after a reload', async () => {
    const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    server.on('GET /auth/facebook/callback', () => {
      server.state.session = member
      return Response.json({ needsLinking: false, next: '/prayerwall/create', hasProfile: true })
    })
    const first = openCallback('/auth/facebook/callback?code=abc&state=s2')
    await waitFor(() => expect(first.state.location.pathname).toBe('/prayerwall/create'))
    cleanup()

    // The "reload": a fresh app in the same tab (same session storage) at the same URL.
    server.state.session = { isAuthenticated: false, hasProfile: null }
    const again = openCallback('/auth/facebook/callback?code=abc&state=s2')
    await waitFor(() => expect(again.state.location.pathname).not.toBe('/auth/facebook/callback'))
    expect(server.callsTo('GET /auth/facebook/callback')).toHaveLength(1)
  })

  it('sends an email that already has an account to prove it with the password first', async () => {
    const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    const message =
      'This email is already used by an existing account. Sign in with your password to link, or use a different email.'
    server.on('GET /auth/google/callback', () =>
      Response.json({
        needsLinking: true,
        next: '/auth/password',
        email: 'ann@example.org',
        linkWith: 'password',
        message,
        returnTo: '/onboarding',
      }),
    )
    const router = openCallback('/auth/google/callback?code=abc&state=s3')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your password' }),
    ).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(router.state.location.state).toMatchObject({
      email: 'ann@example.org',
      next: '/onboarding',
    })
  })

  it("shows the server's reason and a way back when the sign-in fails", async () => {
    const server = fakeAuthServer({ isAuthenticated: false, hasProfile: null })
    server.on('GET /auth/google/callback', () =>
      problem(
        400,
        'invalid_state',
        'This sign-in attempt has expired or was already used. Please start again.',
      ),
    )
    openCallback('/auth/google/callback?code=abc&state=s4')
    expect(
      await screen.findByText(
        'This sign-in attempt has expired or was already used. Please start again.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login')
  })

  // Issue 39: a provider linked from the account screen comes back here signed in.
  it('brings a member who linked a provider back to the account screen, saying so', async () => {
    const server = fakeAuthServer(member)
    server.on('GET /auth/google/callback', () =>
      Response.json({
        needsLinking: false,
        next: '/settings/account',
        hasProfile: true,
        linked: 'google',
      }),
    )
    const router = openCallback('/auth/google/callback?code=abc&state=s5')
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/account'))
    expect(server.callsTo('GET /auth/google/callback')).toHaveLength(1)
    expect(router.state.location.state.notice).toBe(LinkedSignInMessage.linked('google'))
  })

  it('sends a signed-in member whose link failed back to the account screen', async () => {
    const server = fakeAuthServer(member)
    server.on('GET /auth/google/callback', () =>
      problem(
        409,
        LinkedSignInErrorCode.identityTaken,
        LinkedSignInMessage.identityTaken('google'),
      ),
    )
    openCallback('/auth/google/callback?code=abc&state=s6')
    expect(await screen.findByText(LinkedSignInMessage.identityTaken('google'))).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute(
      'href',
      '/settings/account',
    )
  })
})
