import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { writeDeviceOwner } from './device-owner'
import { useMemberId } from './session'

// Whose drafts and outbox a page opens (ADR 0007): the profile's member, or offline, where the
// profile cannot be read, the member the device holds content for; never a former one.

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
  window.localStorage.clear()
  window.sessionStorage.clear()
})

/** Every id the hook answered, in order, until `settled` holds for the last one. */
async function memberIds(settled: (id: string | null) => boolean): Promise<(string | null)[]> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const seen: (string | null)[] = []
  renderHook(
    () => {
      const id = useMemberId()
      seen.push(id)
      return id
    },
    { wrapper },
  )
  await waitFor(() => expect(settled(seen.at(-1) ?? null)).toBe(true))
  return seen
}

const answers = (routes: Record<string, () => Response>) =>
  fetchMock.mockImplementation(async (input) => {
    const { pathname } = new URL(String(input), 'http://app.test')
    const answer = routes[pathname]
    if (!answer) throw new TypeError('Failed to fetch')
    return answer()
  })

describe('useMemberId', () => {
  it('offline, where neither the session nor the profile answers, is the device owner', async () => {
    writeDeviceOwner({ userId: 'ann', hasProfile: true })
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const seen = await memberIds((id) => id !== null)
    expect(seen.at(-1)).toBe('ann')
  })

  it('online, is the profile’s member, never the former owner while the profile loads', async () => {
    writeDeviceOwner({ userId: 'ann', hasProfile: true })
    answers({
      '/auth/session': () => Response.json({ isAuthenticated: true, hasProfile: true }),
      '/api/v1/users/me/': () => Response.json({ user_id: 'bea', display_name: 'Bea' }),
    })
    const seen = await memberIds((id) => id === 'bea')
    expect(seen).not.toContain('ann')
  })

  it('signed out, is nobody, whoever the device last held', async () => {
    writeDeviceOwner({ userId: 'ann', hasProfile: true })
    answers({ '/auth/session': () => Response.json({ isAuthenticated: false }) })
    const seen = await memberIds(() => fetchMock.mock.calls.length > 0)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(seen.every((id) => id === null)).toBe(true)
  })

  it('is watched once for every reader on the page: one observer of the session and the profile', async () => {
    answers({
      '/auth/session': () => Response.json({ isAuthenticated: true, hasProfile: true }),
      '/api/v1/users/me/': () => Response.json({ user_id: 'bea', display_name: 'Bea' }),
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const readers = Array.from({ length: 20 }, (_, index) => index)
    function Readers() {
      return readers.map((index) => <Reader key={index} />)
    }
    function Reader() {
      return <p>{useMemberId()}</p>
    }
    const page = render(
      <QueryClientProvider client={queryClient}>
        <Readers />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(page.getAllByText('bea')).toHaveLength(20))
    const observers = (key: string[]) =>
      queryClient.getQueryCache().find({ queryKey: key, exact: true })?.getObserversCount()
    expect(observers(['session'])).toBe(1)
    expect(observers(['profile', 'me'])).toBe(1)
    page.unmount()
    expect(observers(['session'])).toBe(0)
  })
})
