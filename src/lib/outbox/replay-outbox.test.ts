import 'fake-indexeddb/auto'
import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import { createStore, set } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../api-client'
import type { OutboxEntry, OutboxWrite } from '@contract/outbox-entry'
import { clearOutbox, enqueue, readQueue, readRejected } from './outbox-store'
import { replayOutbox, retryDelay } from './replay-outbox'

// A stand-in for the server's Idempotency-Key store (DESIGN §4): the effect of a key happens
// once, a repeat gets the first answer. `lose` drops the answer after the effect, as a network
// cut mid-response would; `refuse` answers a problem.
function fakeServer() {
  const answered = new Map<string, unknown>()
  const effects: OutboxWrite[] = []
  const keysSent: string[] = []
  let lose = 0
  const refuse = new Map<string, ApiError>()
  return {
    effects,
    keysSent,
    loseNextAnswers: (count: number) => (lose = count),
    refuseContent: (content: string, error: ApiError) => refuse.set(content, error),
    send: async (entry: OutboxEntry) => {
      keysSent.push(entry.key)
      await new Promise((resolve) => setTimeout(resolve, 1))
      const write = entry.write
      const refusal = write.kind === 'comment' ? refuse.get(write.content) : undefined
      if (refusal) throw refusal
      if (!answered.has(entry.key)) {
        effects.push(write)
        answered.set(entry.key, { ok: effects.length })
      }
      if (lose > 0) {
        lose -= 1
        throw new NetworkError(new TypeError('Failed to fetch'))
      }
      return answered.get(entry.key)
    },
  }
}

const comment = (content: string): OutboxWrite => ({ kind: 'comment', intentionId: 'p1', content })
const candle: OutboxWrite = {
  kind: 'intention-reaction',
  intentionId: 'p1',
  reaction: 'candle',
  active: true,
}

afterEach(() => clearOutbox('ann'))

describe('replaying the outbox one call at a time (a server without /api/v1/sync)', () => {
  it('sends in the order written and empties the queue', async () => {
    const server = fakeServer()
    await enqueue('ann', comment('first'), 'k1')
    await enqueue('ann', candle, 'k2')
    await enqueue('ann', comment('third'), 'k3')
    const result = await replayOutbox('ann', { sendBatch: null, send: server.send })
    expect(server.effects).toEqual([comment('first'), candle, comment('third')])
    expect(result.sent.map((entry) => entry.key)).toEqual(['k1', 'k2', 'k3'])
    expect(await readQueue('ann')).toEqual([])
  })

  it('an interrupted replay run again changes nothing twice: same key, one effect', async () => {
    const server = fakeServer()
    await enqueue('ann', comment('written on the train'), 'k1')
    await enqueue('ann', candle, 'k2')
    server.loseNextAnswers(1)
    const first = await replayOutbox('ann', { sendBatch: null, send: server.send })
    expect(first.sent).toEqual([])
    // The comment reached the server, the answer did not: both stay queued, in order.
    expect((await readQueue('ann')).map((entry) => entry.key)).toEqual(['k1', 'k2'])

    await replayOutbox('ann', { sendBatch: null, send: server.send, ignoreBackoff: true })
    expect(server.keysSent).toEqual(['k1', 'k1', 'k2'])
    expect(server.effects).toEqual([comment('written on the train'), candle])
    expect(await readQueue('ann')).toEqual([])
  })

  it('two replayers at once (two tabs, or online and app start together) send each entry once', async () => {
    const server = fakeServer()
    for (const [index, text] of ['a', 'b', 'c', 'd'].entries()) {
      await enqueue('ann', comment(text), `k${index}`)
    }
    const [one, two] = await Promise.all([
      replayOutbox('ann', { sendBatch: null, send: server.send }),
      replayOutbox('ann', { sendBatch: null, send: server.send }),
    ])
    expect(server.keysSent).toEqual(['k0', 'k1', 'k2', 'k3'])
    expect(one.sent.length + two.sent.length).toBe(4)
  })

  it('starts from what IndexedDB holds: another tab’s replay may have just sent the entries', async () => {
    const server = fakeServer()
    await enqueue('ann', comment('sent by the other tab'), 'k1')
    expect(await readQueue('ann')).toHaveLength(1)
    // The other tab's pass emptied the queue; its message has not arrived yet.
    await set('queue', [], createStore('prayer-outbox-v1:ann', 'outbox'))
    const result = await replayOutbox('ann', { sendBatch: null, send: server.send })
    expect(server.keysSent).toEqual([])
    expect(result.sent).toEqual([])
  })

  it('keeps a refused comment with the server’s message and its text, and sends the rest', async () => {
    const server = fakeServer()
    server.refuseContent(
      'a word the policy refuses',
      new ApiError(422, 'content_policy', CONTENT_POLICY_MESSAGE),
    )
    await enqueue('ann', comment('a word the policy refuses'), 'k1')
    await enqueue('ann', candle, 'k2')
    const result = await replayOutbox('ann', { sendBatch: null, send: server.send })
    expect(result.rejected.map((entry) => entry.key)).toEqual(['k1'])
    expect(server.effects).toEqual([candle])
    const [rejected] = await readRejected('ann')
    expect(rejected).toMatchObject({
      status: 422,
      message: CONTENT_POLICY_MESSAGE,
      write: comment('a word the policy refuses'),
    })
    expect(await readQueue('ann')).toEqual([])
  })

  it('waits with a growing backoff on a server error, without letting later writes overtake', async () => {
    let clock = 1_000_000
    const server = fakeServer()
    await enqueue('ann', comment('first'), 'k1')
    await enqueue('ann', candle, 'k2')
    const busy = async () => {
      throw new ApiError(503, 'unavailable', 'Down for a moment')
    }
    const first = await replayOutbox('ann', { sendBatch: null, send: busy, now: () => clock })
    expect(first.retryAt).toBe(clock + retryDelay(1))
    expect((await readQueue('ann'))[0]).toMatchObject({
      attempts: 1,
      lastError: 'Down for a moment',
    })

    // Too early: nothing is sent.
    await replayOutbox('ann', { sendBatch: null, send: server.send, now: () => clock })
    expect(server.keysSent).toEqual([])

    clock += retryDelay(1)
    await replayOutbox('ann', { sendBatch: null, send: server.send, now: () => clock })
    expect(server.keysSent).toEqual(['k1', 'k2'])
    expect(retryDelay(2)).toBe(2 * retryDelay(1))
  })

  it('stops and keeps everything when the session has ended', async () => {
    await enqueue('ann', comment('kept for after sign-in'), 'k1')
    const result = await replayOutbox('ann', {
      sendBatch: null,
      send: async () => {
        throw new ApiError(401, 'unauthenticated', 'Sign in again')
      },
    })
    expect(result.stopped).toBe(true)
    expect(await readRejected('ann')).toEqual([])
    expect(await readQueue('ann')).toHaveLength(1)
  })
})
