import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/testing/render-route'

// Each page is visited by the user it is for (spec 000 §2, §6): protected pages by a member,
// onboarding by a member without a profile, everything else by a visitor.
function sessionFor(path: string) {
  if (/^\/(?:prayerwall|testimonies|moderation)(?:[/?]|$)/.test(path))
    return { isAuthenticated: true, hasProfile: true }
  if (path.startsWith('/onboarding')) return { isAuthenticated: true, hasProfile: false }
  return { isAuthenticated: false, hasProfile: null }
}

let currentPath = '/'
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/auth/session') return Response.json(sessionFor(currentPath))
      // /moderation is visited by a moderator (spec 000 §3 signals: roles contain moderator).
      if (url === '/api/v1/users/me/' && currentPath.startsWith('/moderation'))
        return Response.json({
          user_id: 'u1',
          display_name: 'Gentle Dove',
          email_verified: true,
          roles: ['moderator'],
        })
      if (url.startsWith('/auth/reset-password/validate'))
        return new Response(null, { status: 204 })
      // The social callback's relay stays in flight: the page keeps showing its progress.
      if (/^\/auth\/[a-z]+\/callback/.test(url)) return new Promise<Response>(() => {})
      return new Response(null, { status: 404 })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function visit(path: string) {
  currentPath = path
  return renderRoute(path)
}

// Every route of both spec documents (000 §2, 001 §2) is known to the router, has one main
// landmark and one h1, and sits in the right layout (the auth card has the Log In tab).
const pages: { path: string; h1: string | RegExp; layout: 'main' | 'auth' }[] = [
  { path: '/', h1: 'A safe, reverent space to pray together', layout: 'main' },
  { path: '/login', h1: 'Log in', layout: 'auth' },
  { path: '/auth/email', h1: 'Continue with email', layout: 'auth' },
  { path: '/auth/signup', h1: 'Create your account', layout: 'auth' },
  { path: '/auth/verify-email', h1: 'Email verification', layout: 'auth' },
  { path: '/forgot-password', h1: 'Forgot your password?', layout: 'auth' },
  { path: '/reset-password?token=abc', h1: 'Set a new password', layout: 'auth' },
  { path: '/verify-email/result?verified=1', h1: 'Your email is verified', layout: 'auth' },
  { path: '/auth/google/callback?code=x&state=y', h1: 'Finishing sign in…', layout: 'auth' },
  { path: '/onboarding', h1: 'Complete your profile', layout: 'main' },
  { path: '/prayerwall', h1: 'Prayer Wall', layout: 'main' },
  { path: '/prayerwall/create', h1: 'Create Prayer Request', layout: 'main' },
  { path: '/testimonies', h1: 'Testimonies', layout: 'main' },
  { path: '/testimonies/create', h1: 'Share Your Testimony', layout: 'main' },
  { path: '/moderation', h1: 'Moderation', layout: 'main' },
  { path: '/__env', h1: 'Build variables', layout: 'main' },
]

describe('routes', () => {
  it.each(pages)('$path renders "$h1" in the $layout layout', async ({ path, h1, layout }) => {
    visit(path)
    expect(await screen.findByRole('heading', { level: 1, name: h1 })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getAllByRole('main')).toHaveLength(1)
    if (layout === 'auth') expect(screen.getByRole('tab', { name: 'Log In' })).toBeInTheDocument()
    // ADR 0013: the website's footer (spec 000 §1's premium promise) is for visitors; a
    // member's pages are the app and end at the content.
    else if (sessionFor(path).isAuthenticated) expect(screen.queryByRole('contentinfo')).toBeNull()
    else expect(screen.getByRole('contentinfo')).toHaveTextContent(/premium/i)
  })

  it('redirects /auth/identifier to /auth/email', async () => {
    const { router } = visit('/auth/identifier')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Continue with email' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/email')
  })

  it('sends /auth/password without an email in navigation state back to /auth/email', async () => {
    const { router } = visit('/auth/password')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Continue with email' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/email')
  })

  it('sends /verify-email without a token to the result page with verified=0', async () => {
    const { router } = visit('/verify-email')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid or expired link' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/verify-email/result')
    expect(router.state.location.href).toBe('/verify-email/result?verified=0')
  })

  it('shows "Invalid or expired link" for a reset link without a token', async () => {
    visit('/reset-password')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid or expired link' }),
    ).toBeInTheDocument()
  })

  it('reads an all-digit token as text, not as an invalid link', async () => {
    visit('/reset-password?token=20261122')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set a new password' }),
    ).toBeInTheDocument()
  })

  it('treats an unknown sign-in provider as not found', async () => {
    visit('/auth/myspace/callback')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument()
  })

  it('drops a login next target that is not a local path (no open redirect)', async () => {
    const { router } = visit('/login?next=https://evil.example/phish')
    await screen.findByRole('heading', { level: 1, name: 'Log in' })
    expect(router.state.location.search).toEqual({})
  })

  it('keeps a local next target on /login', async () => {
    const { router } = visit('/login?next=%2Fprayerwall%2Fcreate')
    await screen.findByRole('heading', { level: 1, name: 'Log in' })
    expect(router.state.location.search).toEqual({ next: '/prayerwall/create' })
  })
})
