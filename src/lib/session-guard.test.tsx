import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthServer, problem } from '@/testing/fake-auth-server'
import { renderRoute } from '@/testing/render-route'
import { apiFetch } from './api-client'
import { handlesAuthErrors } from './session-guard'
import {
  readAuthenticatedFlag,
  readCachedProfile,
  readReturnPath,
  writeCachedProfile,
} from './session-storage'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

async function memberOn(path: string) {
  const server = fakeAuthServer({ isAuthenticated: true, hasProfile: true })
  const view = renderRoute(path)
  await waitFor(() => expect(view.router.state.location.pathname).toBe(path.split('?')[0]))
  await screen.findAllByRole('heading', { level: 1 })
  const { queryClient } = view.router.options.context
  return { ...view, server, queryClient }
}

const failingQuery = (key: string) => ({
  queryKey: [key],
  queryFn: () => apiFetch('/api/v1/intentions'),
  retry: false,
})

describe('forced logout (spec 000 §4, §8)', () => {
  it('a 401 clears the signed-in flag and profile, saves the page and goes to /login', async () => {
    const { router, server, queryClient } = await memberOn('/prayerwall?highlight=i1')
    expect(readAuthenticatedFlag()).toBe(true)
    writeCachedProfile({ displayName: 'Quiet Lamb' })
    server.on('GET /api/v1/intentions', () => problem(401, 'unauthenticated'))

    await queryClient.fetchQuery(failingQuery('wall')).catch(() => undefined)

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(readReturnPath()).toBe('/prayerwall?highlight=i1')
    expect(router.state.location.search).toEqual({ next: '/prayerwall?highlight=i1' })
    expect(readAuthenticatedFlag()).toBe(false)
    expect(readCachedProfile()).toBeNull()
    expect(queryClient.getQueryData(['session'])).toEqual({
      isAuthenticated: false,
      hasProfile: null,
      isPending: false,
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
  })

  it('a 401 from a mutation does the same', async () => {
    const { router, server, queryClient } = await memberOn('/testimonies')
    server.on('POST /api/v1/testimonies', () => problem(401, 'unauthenticated'))
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => apiFetch('/api/v1/testimonies', { method: 'POST', body: {} }),
    })
    await mutation.execute(undefined).catch(() => undefined)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(readReturnPath()).toBe('/testimonies')
  })

  it('an answer redirected to the login page counts as a 401', async () => {
    const { router, server, queryClient } = await memberOn('/testimonies')
    server.on('GET /api/v1/intentions', () => {
      const response = new Response('<html>Log in</html>', { status: 200 })
      Object.defineProperties(response, {
        redirected: { value: true },
        url: { value: 'http://localhost:3000/login?next=%2Fapi' },
      })
      return response
    })
    await queryClient.fetchQuery(failingQuery('wall')).catch(() => undefined)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('leaves a 401 alone when the screen handles it itself (a wrong password)', async () => {
    const { router, server, queryClient } = await memberOn('/testimonies')
    server.on('GET /api/v1/intentions', () => problem(401, 'invalid_credentials'))
    await queryClient
      .fetchQuery({ ...failingQuery('own'), meta: handlesAuthErrors })
      .catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(router.state.location.pathname).toBe('/testimonies')
    expect(readAuthenticatedFlag()).toBe(true)
  })
})

describe('forbidden (spec 000 §4, §6)', () => {
  it('a 403 for a signed-in member saves the page and goes to /onboarding', async () => {
    const { router, server, queryClient } = await memberOn('/prayerwall/create')
    server.on('GET /api/v1/intentions', () => problem(403, 'onboarding_required'))
    // The onboarding page itself lets a member without a profile in.
    server.state.session = { isAuthenticated: true, hasProfile: false }
    queryClient.setQueryData(['session'], server.state.session)

    await queryClient.fetchQuery(failingQuery('wall')).catch(() => undefined)

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'))
    expect(readReturnPath()).toBe('/prayerwall/create')
  })

  it.each(['email_not_verified', 'forbidden'])(
    'a 403 %s stays on the page, which explains it',
    async (code) => {
      const { router, server, queryClient } = await memberOn('/prayerwall')
      server.on('GET /api/v1/intentions', () => problem(403, code))
      await queryClient.fetchQuery(failingQuery('wall')).catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(router.state.location.pathname).toBe('/prayerwall')
    },
  )
})
