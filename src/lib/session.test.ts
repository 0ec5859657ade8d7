// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ensureSession, profileQueryOptions } from './session'
import {
  readAuthenticatedFlag,
  readCachedProfile,
  writeAuthenticatedFlag,
  writeCachedProfile,
} from './session-storage'

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('session resolution (spec 000 §3, §4)', () => {
  it.each([true, 1, 't', 'yes', 'y', 'true', '1', 'True '])(
    'reads isAuthenticated=%j as signed in',
    async (value) => {
      fetchMock.mockResolvedValue(Response.json({ isAuthenticated: value, hasProfile: 'false' }))
      await expect(ensureSession(newClient())).resolves.toEqual({
        isAuthenticated: true,
        hasProfile: false,
        isPending: false,
      })
      expect(readAuthenticatedFlag()).toBe(true)
    },
  )

  it.each([false, 0, 'f', 'no', '', null, 'maybe'])(
    'reads isAuthenticated=%j as signed out',
    async (value) => {
      fetchMock.mockResolvedValue(Response.json({ isAuthenticated: value, hasProfile: true }))
      await expect(ensureSession(newClient())).resolves.toEqual({
        isAuthenticated: false,
        hasProfile: null,
        isPending: false,
      })
    },
  )

  it('keeps the profile unknown when the server does not say, and reads has_profile too', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ isAuthenticated: 'yes' }))
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: true,
      hasProfile: null,
      isPending: false,
    })
    fetchMock.mockResolvedValueOnce(Response.json({ isAuthenticated: '1', has_profile: 't' }))
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: true,
      hasProfile: true,
      isPending: false,
    })
  })

  it("treats a network failure as signed out with the profile unknown, and drops the tab's signed-in flag", async () => {
    writeAuthenticatedFlag(true)
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: false,
      hasProfile: null,
      isPending: false,
    })
    expect(readAuthenticatedFlag()).toBe(false)
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }))
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: false,
      hasProfile: null,
      isPending: false,
    })
  })

  it('reads a member waiting for approval (issue 38), in either spelling', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ isAuthenticated: true, hasProfile: true, isPending: 'true' }),
    )
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: true,
      hasProfile: true,
      isPending: true,
    })
    fetchMock.mockResolvedValueOnce(Response.json({ isAuthenticated: 1, is_pending: 1 }))
    await expect(ensureSession(newClient())).resolves.toMatchObject({ isPending: true })
  })

  it('sends credentials with the session check', async () => {
    fetchMock.mockResolvedValue(Response.json({ isAuthenticated: false }))
    await ensureSession(newClient())
    expect(fetchMock).toHaveBeenCalledWith(
      '/auth/session',
      expect.objectContaining({ credentials: 'include' }),
    )
  })
})

describe('profile (spec 000 §3)', () => {
  it('reads either spelling, tolerant booleans and moderator roles, and caches it for the tab', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        displayName: 'Quiet Lamb',
        first_name: 'Ann',
        emailVerified: 'y',
        roles: ['member', 'Moderator'],
      }),
    )
    const profile = await newClient().fetchQuery(profileQueryOptions())
    expect(profile).toMatchObject({
      displayName: 'Quiet Lamb',
      firstName: 'Ann',
      emailVerified: true,
      isModerator: true,
      isAdmin: false,
    })
    expect(readCachedProfile()).toMatchObject({ displayName: 'Quiet Lamb' })
  })

  it('paints the cached profile before the server answers', () => {
    writeCachedProfile({
      userId: 'u1',
      displayName: 'Quiet Lamb',
      firstName: null,
      lastName: null,
      email: null,
      emailVerified: false,
      isModerator: false,
    })
    const client = newClient()
    expect(new QueryObserver(client, profileQueryOptions()).getCurrentResult().data).toMatchObject({
      displayName: 'Quiet Lamb',
    })
  })

  it('returns nothing when the profile cannot be read, and drops the cache on a 401', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }))
    await expect(newClient().fetchQuery(profileQueryOptions())).resolves.toBeNull()

    writeCachedProfile({ displayName: 'Quiet Lamb' })
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { type: 'about:blank', title: 'unauthenticated', status: 401, detail: 'x' },
        { status: 401 },
      ),
    )
    await expect(newClient().fetchQuery(profileQueryOptions())).rejects.toMatchObject({
      status: 401,
    })
    expect(readCachedProfile()).toBeNull()
  })
})
