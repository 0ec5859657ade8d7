import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'
import { readReturnPath, writeReturnPath } from './session-storage'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

const visitor = { isAuthenticated: false, hasProfile: null }
const member = { isAuthenticated: true, hasProfile: true }
const newcomer = { isAuthenticated: true, hasProfile: false }

async function landsOn(path: string, session: typeof member | typeof visitor) {
  fakeAuthServer(session)
  const { router } = renderRoute(path)
  await waitFor(() => expect(router.state.status).toBe('idle'))
  await screen.findAllByRole('heading', { level: 1 })
  return router.state.location
}

describe('protected pages (spec 000 §2, §6)', () => {
  it.each(['/prayerwall', '/prayerwall/create', '/testimonies', '/testimonies/create'])(
    'send a visitor from %s to /login carrying the wanted path as next',
    async (path) => {
      const location = await landsOn(`${path}?highlight=abc`, visitor)
      expect(location.pathname).toBe('/login')
      expect(location.search).toEqual({ next: `${path}?highlight=abc` })
    },
  )

  it('send a member without a profile to /onboarding', async () => {
    expect((await landsOn('/testimonies/create', newcomer)).pathname).toBe('/onboarding')
  })

  it('open for a member with a profile', async () => {
    expect((await landsOn('/prayerwall/create', member)).pathname).toBe('/prayerwall/create')
  })
})

describe('onboarding (spec 000 §4)', () => {
  it('sends a visitor to /login with next=/onboarding', async () => {
    const location = await landsOn('/onboarding', visitor)
    expect(location.pathname).toBe('/login')
    expect(location.search).toEqual({ next: '/onboarding' })
  })

  it('sends a member who already has a profile to /prayerwall', async () => {
    expect((await landsOn('/onboarding', member)).pathname).toBe('/prayerwall')
  })

  it('is shown to a member without a profile', async () => {
    expect((await landsOn('/onboarding', newcomer)).pathname).toBe('/onboarding')
  })
})

describe('auth layout redirect for a signed-in user (spec 000 §2)', () => {
  it('goes to the stored next target, once', async () => {
    writeReturnPath('/testimonies/create')
    expect((await landsOn('/login', member)).pathname).toBe('/testimonies/create')
    expect(readReturnPath()).toBeNull()
  })

  it('prefers the next target of the link itself', async () => {
    writeReturnPath('/testimonies')
    expect((await landsOn('/login?next=%2Fprayerwall%2Fcreate', member)).pathname).toBe(
      '/prayerwall/create',
    )
  })

  it('goes to /prayerwall with a profile and /onboarding without one when nothing is stored', async () => {
    expect((await landsOn('/login', member)).pathname).toBe('/prayerwall')
    vi.unstubAllGlobals()
    expect((await landsOn('/login', newcomer)).pathname).toBe('/onboarding')
  })

  it('never follows a stored target off the site or back into sign-in', async () => {
    writeReturnPath('//evil.example/phish')
    expect((await landsOn('/login', member)).pathname).toBe('/prayerwall')
    writeReturnPath('/login')
    expect((await landsOn('/login', member)).pathname).toBe('/prayerwall')
  })

  it.each([
    '/reset-password?token=t',
    '/verify-email/result?verified=1',
    '/forgot-password',
    '/auth/signup',
    '/auth/email',
    '/auth/verify-email',
  ])('does not apply on %s', async (path) => {
    expect((await landsOn(path, member)).pathname).toBe(path.split('?')[0])
  })

  it('leaves visitors on /login', async () => {
    expect((await landsOn('/login', visitor)).pathname).toBe('/login')
  })
})
