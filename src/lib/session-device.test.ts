// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeDeviceOwner } from './device-owner'
import { endSessionLocally, ensureSession, onSessionEnd } from './session'

// DESIGN §6 / ADR 0007: the session as the device's saved content needs it (offline start, and
// the signal that drops that content when the server ends the session).

const fetchMock = vi.fn<typeof fetch>()
const ended = vi.fn()
let stopListening: () => void
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
  stopListening = onSessionEnd(ended)
})
afterEach(() => {
  stopListening()
  ended.mockReset()
  fetchMock.mockReset()
  vi.unstubAllGlobals()
  window.localStorage.clear()
  window.sessionStorage.clear()
})

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('offline, the member whose content the device holds stays signed in', () => {
  it('a network failure reads as that member, with their profile state', async () => {
    writeDeviceOwner({ userId: 'ann', hasProfile: true })
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: true,
      hasProfile: true,
      isPending: false,
    })
    expect(ended).not.toHaveBeenCalled()
  })

  it('a server error is no reason to assume anyone (spec 000 §4)', async () => {
    writeDeviceOwner({ userId: 'ann', hasProfile: true })
    fetchMock.mockResolvedValue(new Response('oops', { status: 502 }))
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: false,
      hasProfile: null,
      isPending: false,
    })
    expect(ended).not.toHaveBeenCalled()
  })

  it('with nobody recorded, a network failure is signed out as before', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(ensureSession(newClient())).resolves.toEqual({
      isAuthenticated: false,
      hasProfile: null,
      isPending: false,
    })
  })
})

describe('the end of a session is announced', () => {
  it('when the server says nobody is signed in', async () => {
    fetchMock.mockResolvedValue(Response.json({ isAuthenticated: false }))
    await ensureSession(newClient())
    expect(ended).toHaveBeenCalledOnce()
  })

  it('when the tab ends it (sign-out, a 401)', () => {
    endSessionLocally(newClient())
    expect(ended).toHaveBeenCalledOnce()
  })

  it('not while the member is signed in', async () => {
    fetchMock.mockResolvedValue(Response.json({ isAuthenticated: true, hasProfile: true }))
    await ensureSession(newClient())
    expect(ended).not.toHaveBeenCalled()
  })
})
