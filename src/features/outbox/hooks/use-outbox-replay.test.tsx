import 'fake-indexeddb/auto'
import { QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearOutbox, enqueue, readQueue } from '@/lib/outbox/outbox-store'
import { endSessionLocally } from '@/lib/session'
import { signedInClient } from '@/testing/signed-in-client'
import { useOutboxReplay } from './use-outbox-replay'

const amen = { Added: true, Counts: { Amen: 1 } }

function renderReplay(onReplayed = vi.fn(), userId = 'ann') {
  const queryClient = signedInClient(userId)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const view = renderHook(() => useOutboxReplay(userId, onReplayed), { wrapper })
  return { ...view, queryClient, onReplayed }
}

const posted = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST')

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(amen)),
  )
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await clearOutbox('ann')
})

describe('useOutboxReplay', () => {
  it('replays what waited at app start, and again when the browser is back online', async () => {
    await enqueue('ann', { kind: 'testimony-amen', testimonyId: 't1', active: true }, 'k1')
    const { onReplayed } = renderReplay()
    await waitFor(() => expect(onReplayed).toHaveBeenCalledTimes(1))
    expect(posted()).toHaveLength(1)
    expect(await readQueue('ann')).toEqual([])

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await enqueue('ann', { kind: 'testimony-amen', testimonyId: 't2', active: true }, 'k2')
    // Queued while online (a lost answer): one try at once, then it waits for its backoff…
    await waitFor(() => expect(posted()).toHaveLength(2))
    expect(await readQueue('ann')).toHaveLength(1)
    // …unless the connection comes back, which tries again now, with the same key.
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(onReplayed).toHaveBeenCalledTimes(2))
    const keys = posted().map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'))
    expect(keys.slice(1)).toEqual(['k2', 'k2'])
  })

  it('wipes the member’s outbox when the session ends', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'))
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'Private words' }, 'k1')
    const { queryClient } = renderReplay()
    await waitFor(() => expect(posted()).toHaveLength(1))
    endSessionLocally(queryClient)
    await waitFor(async () => expect(await readQueue('ann')).toEqual([]))
  })

  it('reports a wipe that cannot reach IndexedDB instead of leaving it unhandled', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // A member whose store was never opened, on a browser without IndexedDB.
    vi.stubGlobal('indexedDB', undefined)
    const { queryClient } = renderReplay(vi.fn(), 'cam')
    endSessionLocally(queryClient)
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Outbox wipe failed', expect.any(Error)))
    warn.mockRestore()
  })
})
