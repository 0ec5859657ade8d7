import 'fake-indexeddb/auto'
import { QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readDraft, writeDraft } from '@/lib/drafts'
import { readOutboxOwner } from '@/lib/outbox/outbox-owner'
import { clearOutbox, enqueue, readQueue } from '@/lib/outbox/outbox-store'
import { endSessionLocally } from '@/lib/session'
import { z } from 'zod'
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

type SyncBody = { entries: { key: string }[] }
const batches = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => String(url).endsWith('/api/v1/sync'))
    .map(([, init]) => (JSON.parse(String(init?.body)) as SyncBody).entries.map(({ key }) => key))

// The server's POST /api/v1/sync: every entry applied.
async function syncServer(_url: RequestInfo | URL, init?: RequestInit) {
  const { entries } = JSON.parse(String(init?.body)) as SyncBody
  return Response.json({ results: entries.map(({ key }) => ({ key, status: 200, body: amen })) })
}

const TextSchema = z.object({ text: z.string() })

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(syncServer))
})
afterEach(async () => {
  vi.unstubAllGlobals()
  localStorage.clear()
  await Promise.all([clearOutbox('ann'), clearOutbox('bob')])
})

describe('useOutboxReplay', () => {
  it('replays what waited at app start in one batch, and again when the browser is back online', async () => {
    await enqueue('ann', { kind: 'testimony-amen', testimonyId: 't1', active: true }, 'k1')
    await enqueue('ann', { kind: 'pray', intentionId: 'p1' }, 'k2')
    const { onReplayed } = renderReplay()
    await waitFor(() => expect(onReplayed).toHaveBeenCalledTimes(1))
    expect(batches()).toEqual([['k1', 'k2']])
    expect(await readQueue('ann')).toEqual([])

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await enqueue('ann', { kind: 'testimony-amen', testimonyId: 't2', active: true }, 'k3')
    // Queued while online (a lost answer): one try at once, then it waits for its backoff…
    await waitFor(() => expect(vi.mocked(fetch).mock.calls).toHaveLength(2))
    expect(await readQueue('ann')).toHaveLength(1)
    // …unless the connection comes back, which tries again now, with the same key.
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(onReplayed).toHaveBeenCalledTimes(2))
    expect(batches()).toEqual([['k1', 'k2'], ['k3'], ['k3']])
  })

  it('keeps the member’s outbox when the session expires, and wipes it when they sign out on purpose', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'))
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'Private words' }, 'k1')
    await writeDraft('testimony', 'ann', { text: 'half a story' })
    const first = renderReplay()
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled())
    endSessionLocally(first.queryClient)
    first.unmount()
    expect(await readQueue('ann', { fresh: true })).toHaveLength(1)
    expect(readOutboxOwner()).toBe('ann')

    const again = renderReplay()
    endSessionLocally(again.queryClient, 'signed-out')
    await waitFor(async () => expect(await readQueue('ann', { fresh: true })).toEqual([]))
    expect(await readDraft('testimony', 'ann', TextSchema)).toBeNull()
    expect(readOutboxOwner()).toBeNull()
  })

  it('keeps the outbox through a 401 and sends it once the member is signed in again', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(
      Response.json(
        { type: 'about:blank', title: 'unauthenticated', status: 401, detail: 'Sign in' },
        { status: 401 },
      ),
    )
    await enqueue('ann', { kind: 'pray', intentionId: 'p1' }, 'k1')
    const expired = renderReplay()
    await waitFor(() => expect(batches()).toHaveLength(1))
    expired.unmount()
    expect(await readQueue('ann', { fresh: true })).toHaveLength(1)

    const { onReplayed } = renderReplay()
    await waitFor(() => expect(onReplayed).toHaveBeenCalledTimes(1))
    expect(batches()).toEqual([['k1'], ['k1']])
    expect(await readQueue('ann', { fresh: true })).toEqual([])
  })

  it('another member signing in never sends or keeps the first member’s saved writes', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'))
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'Ann’s words' }, 'k1')
    await writeDraft('prayer-composer', 'ann', { text: 'Ann’s draft' })
    const ann = renderReplay()
    await waitFor(() => expect(readOutboxOwner()).toBe('ann'))
    endSessionLocally(ann.queryClient)
    ann.unmount()

    vi.mocked(fetch).mockReset().mockImplementation(syncServer)
    renderReplay(vi.fn(), 'bob')
    await waitFor(async () => expect(await readQueue('ann', { fresh: true })).toEqual([]))
    expect(await readDraft('prayer-composer', 'ann', TextSchema)).toBeNull()
    expect(readOutboxOwner()).toBe('bob')
    await enqueue('bob', { kind: 'pray', intentionId: 'p1' }, 'k2')
    await waitFor(() => expect(batches()).toEqual([['k2']]))
  })

  it('reports a wipe that cannot reach IndexedDB instead of leaving it unhandled', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // A member whose store was never opened, on a browser without IndexedDB.
    vi.stubGlobal('indexedDB', undefined)
    const { queryClient } = renderReplay(vi.fn(), 'cam')
    endSessionLocally(queryClient, 'signed-out')
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Outbox wipe failed', expect.any(Error)))
    warn.mockRestore()
  })
})
