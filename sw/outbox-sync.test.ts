import 'fake-indexeddb/auto'
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '@contract/outbox'
import { createStore, get, set } from 'idb-keyval'
import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('./api-owner', () => ({ currentApiOwner: async () => 'ann' }))
const { relayOutboxSync } = await import('./outbox-sync')

const store = createStore('prayer-outbox-v1:ann', 'outbox')
const entry = (key: string, intentionId: string) => ({
  id: `id-${key}`,
  key,
  target: `intention:${intentionId}:pray`,
  write: { kind: 'pray', intentionId },
  createdAt: 1,
  attempts: 0,
  lastError: null,
  retryAt: null,
})

function fireSync(pages: { postMessage: (message: unknown) => void }[]) {
  vi.stubGlobal('self', { ...globalThis, clients: { matchAll: async () => pages } })
  let done: Promise<unknown> = Promise.resolve()
  relayOutboxSync(
    Object.assign(new Event('sync'), {
      tag: OUTBOX_SYNC_TAG,
      waitUntil: (promise: Promise<unknown>) => (done = promise),
    }),
  )
  return done
}

type Sent = { entries: { key: string; path: string }[] }

beforeEach(async () => {
  await set('queue', [entry('k1', 'p1'), entry('k2', 'p2'), entry('k3', 'p3')], store)
})

describe('Background Sync in the service worker', () => {
  it('sends the member’s outbox itself when no window is open, and keeps what was not applied', async () => {
    const sent: Sent[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Sent
        sent.push(body)
        const results = body.entries.map(({ key }) => ({ key, status: key === 'k2' ? 503 : 200 }))
        return Response.json({ results })
      }),
    )
    await fireSync([])
    expect(sent.map(({ entries }) => entries.map(({ key, path }) => [key, path]))).toEqual([
      [
        ['k1', '/api/v1/intentions/p1/pray'],
        ['k2', '/api/v1/intentions/p2/pray'],
        ['k3', '/api/v1/intentions/p3/pray'],
      ],
    ])
    // The page judges the one the server could not take when it next opens.
    expect((await get<{ key: string }[]>('queue', store))?.map(({ key }) => key)).toEqual(['k2'])
  })

  it('leaves the replay to an open page', async () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    const page = { postMessage: vi.fn() }
    await fireSync([page])
    expect(page.postMessage).toHaveBeenCalledWith(OUTBOX_SYNC_MESSAGE)
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
