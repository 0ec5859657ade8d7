import 'fake-indexeddb/auto'
import { createStore, get, set } from 'idb-keyval'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OutboxEntrySchema, type OutboxWrite } from '@contract/outbox-entry'
import {
  clearOutbox,
  enqueue,
  readQueue,
  readRejected,
  reject,
  removeEntries,
  subscribeOutbox,
  watchOutbox,
} from './outbox-store'

// The same database another tab of this member opens.
const annsDatabase = () => createStore('prayer-outbox-v1:ann', 'outbox')

const reaction = (kind: 'amen' | 'candle', active: boolean): OutboxWrite => ({
  kind: 'intention-reaction',
  intentionId: 'p1',
  reaction: kind,
  active,
})
const amen = (active: boolean) => reaction('amen', active)

afterEach(async () => {
  vi.restoreAllMocks()
  await clearOutbox('ann')
  await clearOutbox('bea')
})

describe('outbox store', () => {
  it('keeps one entry, in its first place, with the final state of a toggle and the latest key', async () => {
    await enqueue('ann', amen(true), 'key-1')
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'With you' }, 'key-2')
    await enqueue('ann', amen(false), 'key-3')
    await enqueue('ann', amen(true), 'key-4')
    await enqueue('ann', reaction('candle', false), 'key-5')

    const queue = await readQueue('ann')
    expect(queue.map((entry) => [entry.write, entry.key])).toEqual([
      [amen(true), 'key-4'],
      [{ kind: 'comment', intentionId: 'p1', content: 'With you' }, 'key-2'],
      [reaction('candle', false), 'key-5'],
    ])
  })

  it('queues a prayer once, and every comment on its own', async () => {
    await enqueue('ann', { kind: 'pray', intentionId: 'p1' }, 'pray-1')
    await enqueue('ann', { kind: 'pray', intentionId: 'p1' }, 'pray-2')
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'same words' }, 'c-1')
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'same words' }, 'c-2')
    expect((await readQueue('ann')).map((entry) => entry.key)).toEqual(['pray-1', 'c-1', 'c-2'])
  })

  it('keeps each member’s outbox apart and wipes one without touching the other', async () => {
    await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: 'Ann wrote this' }, 'a')
    await enqueue('bea', { kind: 'comment', intentionId: 'p1', content: 'Bea wrote this' }, 'b')
    const entry = (await readQueue('ann'))[0]!
    await enqueue('ann', amen(true), 'a-2')
    await reject('ann', entry, 422, 'Refused')

    await clearOutbox('ann')

    expect(await readQueue('ann')).toEqual([])
    expect(await readRejected('ann')).toEqual([])
    expect((await readQueue('bea')).map((item) => item.write)).toEqual([
      { kind: 'comment', intentionId: 'p1', content: 'Bea wrote this' },
    ])
  })

  it('tells listeners about every change', async () => {
    const heard: string[] = []
    const stop = subscribeOutbox((userId) => heard.push(userId))
    await enqueue('bea', amen(true), 'k')
    await clearOutbox('bea')
    stop()
    await enqueue('bea', amen(true), 'k2')
    expect(heard).toEqual(['bea', 'bea'])
  })
})

describe('outbox store, read once per tab', () => {
  it('a change parses no entry this tab already holds, however long the queue', async () => {
    for (let at = 0; at < 50; at++)
      await enqueue('ann', { kind: 'comment', intentionId: 'p1', content: `c${at}` }, `k${at}`)
    const [first] = await readQueue('ann')
    const parse = vi.spyOn(OutboxEntrySchema, 'safeParse')

    await removeEntries('ann', [first!])
    const queue = await readQueue('ann')

    expect(parse).not.toHaveBeenCalled()
    expect(queue).toHaveLength(49)
    expect((await get<unknown[]>('queue', annsDatabase()))?.length).toBe(49)
  })

  it('still drops a stored entry of an older shape, and keeps the rest', async () => {
    await enqueue('ann', amen(true), 'k1')
    await set(
      'queue',
      [{ id: 'old', key: 'k0', write: { kind: 'flip' } }, ...(await readQueue('ann'))],
      annsDatabase(),
    )
    const fresh = await readQueue('ann', { fresh: true })
    expect(fresh.map((entry) => entry.key)).toEqual(['k1'])
    await enqueue('ann', reaction('candle', true), 'k2')
    expect((await get<{ key: string }[]>('queue', annsDatabase()))?.map((e) => e.key)).toEqual([
      'k1',
      'k2',
    ])
  })

  it('reads again what another tab changed once it says so', async () => {
    await enqueue('ann', amen(true), 'k1')
    watchOutbox('ann')
    // The other tab sent the entry and queued a comment.
    const comment: OutboxWrite = { kind: 'comment', intentionId: 'p2', content: 'From tab two' }
    const [held] = await readQueue('ann')
    await set(
      'queue',
      [{ ...held!, id: 'other', key: 'k2', target: 'x', write: comment }],
      annsDatabase(),
    )
    expect((await readQueue('ann')).map((entry) => entry.key)).toEqual(['k1'])

    const heard = new Promise<void>((resolve) => {
      const stop = subscribeOutbox(() => {
        stop()
        resolve()
      })
    })
    const otherTab = new BroadcastChannel('prayer-outbox:ann')
    otherTab.postMessage('changed')
    await heard
    otherTab.close()
    expect((await readQueue('ann')).map((entry) => entry.write)).toEqual([comment])
  })
})
