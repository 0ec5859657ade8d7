import 'fake-indexeddb/auto'
import { ErrorCode } from '@contract/errors'
import { SYNC_MAX_ENTRIES } from '@contract/outbox'
import { syncItemOf } from '@contract/sync'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../api-client'
import { callOf } from '@contract/outbox-calls'
import type { OutboxEntry, OutboxWrite } from '@contract/outbox-entry'
import { clearOutbox, enqueue, readQueue, readRejected } from './outbox-store'
import { replayOutbox, retryDelay } from './replay-outbox'
import type { Outcome } from './send-batch'

// Issue 19: the outbox goes out in batches through POST /api/v1/sync. This stand-in applies a
// batch as the server does: in order, each key once, and an entry after a failed one on the same
// prayer is answered 424 without being applied.
function fakeSyncServer() {
  const applied = new Set<string>()
  const batches: string[][] = []
  const answers = new Map<string, ApiError>()
  let dropNext = false
  return {
    applied,
    batches,
    answer: (key: string, error: ApiError) => answers.set(key, error),
    heal: (key: string) => answers.delete(key),
    dropNextAnswer: () => (dropNext = true),
    sendBatch: async (entries: OutboxEntry[]): Promise<Outcome[]> => {
      batches.push(entries.map(({ key }) => key))
      const failed = new Set<string>()
      const outcomes = entries.map(({ key, write }): Outcome => {
        const item = syncItemOf(callOf(write).path)
        if (item && failed.has(item)) {
          failed.add(item)
          return { ok: false, error: new ApiError(424, ErrorCode.dependsOnFailed, 'waits') }
        }
        const error = answers.get(key)
        if (error) {
          if (item) failed.add(item)
          return { ok: false, error }
        }
        applied.add(key)
        return { ok: true, answer: { key } }
      })
      if (dropNext) {
        dropNext = false
        throw new NetworkError(new TypeError('Failed to fetch'))
      }
      return outcomes
    },
  }
}

const pray = (intentionId: string): OutboxWrite => ({ kind: 'pray', intentionId })
const comment = (intentionId: string, content: string): OutboxWrite => ({
  kind: 'comment',
  intentionId,
  content,
})
const keys = async () => (await readQueue('ann', { fresh: true })).map(({ key }) => key)

afterEach(() => clearOutbox('ann'))

describe('replaying the outbox in batches', () => {
  it('sends 250 writes in order as three requests of at most 100 and empties the queue', async () => {
    const server = fakeSyncServer()
    for (let i = 0; i < 250; i++) await enqueue('ann', comment(`p${i % 40}`, `c${i}`), `k${i}`)
    const result = await replayOutbox('ann', { sendBatch: server.sendBatch })
    expect(server.batches.map((batch) => batch.length)).toEqual([SYNC_MAX_ENTRIES, 100, 50])
    expect(server.batches.flat()).toEqual(Array.from({ length: 250 }, (_, i) => `k${i}`))
    expect(result.sent).toHaveLength(250)
    expect(await keys()).toEqual([])
  })

  it('keeps a refused write with its message, sends the later writes on its prayer after it', async () => {
    const server = fakeSyncServer()
    server.answer('k2', new ApiError(422, ErrorCode.contentPolicy, 'Please rephrase.'))
    await enqueue('ann', pray('p1'), 'k1')
    await enqueue('ann', comment('p2', 'refused words'), 'k2')
    await enqueue('ann', pray('p2'), 'k3')
    await enqueue('ann', pray('p3'), 'k4')
    const result = await replayOutbox('ann', { sendBatch: server.sendBatch })
    expect(server.batches).toEqual([['k1', 'k2', 'k3', 'k4'], ['k3']])
    expect(result.rejected.map(({ key }) => key)).toEqual(['k2'])
    expect([...server.applied]).toEqual(['k1', 'k4', 'k3'])
    expect(await readRejected('ann')).toMatchObject([{ key: 'k2', message: 'Please rephrase.' }])
    expect(await keys()).toEqual([])
  })

  it('a write the server cannot take now holds back its own prayer only (503 while it restarts)', async () => {
    const clock = 1_000_000
    const server = fakeSyncServer()
    server.answer('k1', new ApiError(503, 'unavailable', 'Restarting'))
    await enqueue('ann', pray('p1'), 'k1')
    await enqueue('ann', comment('p1', 'after the prayer'), 'k2')
    await enqueue('ann', pray('p2'), 'k3')
    const result = await replayOutbox('ann', { sendBatch: server.sendBatch, now: () => clock })
    expect([...server.applied]).toEqual(['k3'])
    expect(await keys()).toEqual(['k1', 'k2'])
    expect(result.retryAt).toBe(clock + retryDelay(1))
    // At its backoff time the prayer goes first, then the comment that waited for it.
    server.heal('k1')
    await replayOutbox('ann', { sendBatch: server.sendBatch, now: () => clock + retryDelay(1) })
    expect([...server.applied]).toEqual(['k3', 'k1', 'k2'])
  })

  it('a batch whose answer was lost is sent again with the same keys and applies nothing twice', async () => {
    const server = fakeSyncServer()
    for (let i = 0; i < 5; i++) await enqueue('ann', pray(`p${i}`), `k${i}`)
    server.dropNextAnswer()
    const first = await replayOutbox('ann', { sendBatch: server.sendBatch })
    expect(first.sent).toEqual([])
    expect(await keys()).toHaveLength(5)
    await replayOutbox('ann', { sendBatch: server.sendBatch, ignoreBackoff: true })
    expect(server.batches).toEqual([server.batches[0], server.batches[0]])
    expect(server.applied.size).toBe(5)
    expect(await keys()).toEqual([])
  })

  it('falls back to single calls against a server without the batch call', async () => {
    const singles: string[] = []
    await enqueue('ann', pray('p1'), 'k1')
    await enqueue('ann', pray('p2'), 'k2')
    const result = await replayOutbox('ann', {
      sendBatch: async () => {
        throw new ApiError(404, ErrorCode.notFound, 'Not found')
      },
      send: async (entry) => singles.push(entry.key),
    })
    expect(singles).toEqual(['k1', 'k2'])
    expect(result.sent).toHaveLength(2)
  })

  it('stops and keeps every write when the session has ended', async () => {
    await enqueue('ann', pray('p1'), 'k1')
    const result = await replayOutbox('ann', {
      sendBatch: async () => {
        throw new ApiError(401, ErrorCode.unauthenticated, 'Sign in again')
      },
    })
    expect(result.stopped).toBe(true)
    expect(await keys()).toEqual(['k1'])
    expect(await readRejected('ann')).toEqual([])
  })

  it('sends nothing more once the session ended in this tab, not even a batch already read', async () => {
    const server = fakeSyncServer()
    for (let i = 0; i < 150; i++) await enqueue('ann', pray(`p${i}`), `k${i}`)
    const session = new AbortController()
    const result = await replayOutbox('ann', {
      signal: session.signal,
      sendBatch: async (entries) => {
        const outcomes = await server.sendBatch(entries)
        session.abort()
        return outcomes
      },
    })
    expect(server.batches.map((batch) => batch.length)).toEqual([SYNC_MAX_ENTRIES])
    expect(result.sent).toHaveLength(SYNC_MAX_ENTRIES)
    expect(await keys()).toHaveLength(50)

    const none = await replayOutbox('ann', { signal: session.signal, sendBatch: server.sendBatch })
    expect(none.sent).toEqual([])
    expect(server.batches).toHaveLength(1)
  })
})
