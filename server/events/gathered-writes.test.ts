import { describe, expect, it } from 'vitest'
import { expectLoggedError } from '../../tests/helpers/logged-errors'
import { gatherAfterDeliveries } from './after-deliveries'
import { listParked } from './event-health'
import { record, sessionEnded } from './testing/events-harness'
import { useDispatcherDatabase } from './testing/dispatcher-world'

// Issue 45, ADR 0041: what a lane's handlers gather is written once for the batch, before its
// deliveries are marked done; an item that cannot be written fails its own delivery alone.

const { world, dispatcher } = useDispatcherDatabase()

/** A subscriber whose handler gathers each member's id; the write refuses `refused`. */
function gathering(refused: ReadonlySet<string>) {
  const writes: string[][] = []
  const written: string[] = []
  const write = async (items: readonly string[]) => {
    writes.push([...items])
    if (items.some((item) => refused.has(item))) throw new Error('refused by the database')
    written.push(...items)
  }
  return {
    writes,
    written,
    subscriber: {
      name: 'gathering',
      on: {
        SessionEnded: async ({ payload }: { payload: { userId: string } }) => {
          if (!gatherAfterDeliveries('rows', payload.userId, write)) await write([payload.userId])
        },
      },
    },
  }
}

describe('writes gathered by a lane', () => {
  it('are one write for the batch, in event order', async () => {
    const { dispatcher: d } = dispatcher()
    const lane = gathering(new Set())
    d.subscribe(lane.subscriber)
    for (const member of ['a', 'b', 'c']) await record(world.database.db, sessionEnded(member))
    await d.drain()
    expect(lane.writes).toEqual([['a', 'b', 'c']])
  })

  it('fail only the delivery whose item failed: retried, then parked; the others are done', async () => {
    expectLoggedError(/^event parked: /)
    const { dispatcher: d } = dispatcher()
    const lane = gathering(new Set(['poison']))
    d.subscribe(lane.subscriber)
    for (const member of ['a', 'poison', 'c']) await record(world.database.db, sessionEnded(member))
    await d.drain()
    expect(lane.written).toEqual(['a', 'c'])
    // The lot, then each alone; then the failed one's two retries, each alone in its batch.
    expect(lane.writes).toEqual([
      ['a', 'poison', 'c'],
      ['a'],
      ['poison'],
      ['c'],
      ['poison'],
      ['poison'],
    ])
    const parked = await listParked(world.database.db)
    expect(parked).toMatchObject([
      { subscriber: 'gathering', attempts: 3, lastError: 'Error: refused by the database' },
    ])
  })

  it('outside a lane are written at once', async () => {
    const lane = gathering(new Set())
    await lane.subscriber.on.SessionEnded({ payload: { userId: 'alone' } })
    expect(lane.writes).toEqual([['alone']])
  })
})
