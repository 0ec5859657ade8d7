import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { Database, DatabaseHandle } from '../db/client'
import { batchEvents } from './batch-events'
import { domainEventsTable } from './events.table'
import { recordEvent } from './record-event'
import { sessionEnded } from './testing/events-harness'

// A sync batch's entries keep their events for one insert at the batch's end (issue 45).

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterEach(() => database.db.delete(domainEventsTable))
afterAll(() => database.close())

const user = (n: number) => `00000000-0000-7000-8000-00000000000${n}`
const occurredAt = new Date('2026-11-29T10:00:00.123Z')
const record = (tx: Database, n: number, key?: string) =>
  recordEvent(tx, sessionEnded(user(n)), { occurredAt, ...(key ? { key } : {}) })

async function recorded(tx: Database) {
  const rows = await tx
    .select({
      id: domainEventsTable.id,
      payload: domainEventsTable.payload,
      occurredAt: domainEventsTable.occurredAt,
      key: domainEventsTable.key,
    })
    .from(domainEventsTable)
    .orderBy(domainEventsTable.id)
  return rows.map(({ id, payload, occurredAt: at, key }) => ({
    id,
    userId: (payload as { userId: string }).userId,
    at: at.toISOString(),
    key,
  }))
}

describe('batchEvents', () => {
  it("inserts the entries' events at the batch's end, in the order recorded, and none of an entry that threw", async () => {
    const seen = await database.db.transaction(async (tx) => {
      const events = batchEvents(tx)
      // An entry's event, recorded in a savepoint of the batch's transaction, waits.
      expect(await events.entry(() => tx.transaction((savepoint) => record(savepoint, 1)))).toBe(
        true,
      )
      expect(await recorded(tx)).toEqual([])
      // An entry that throws (undone) leaves its event behind.
      await expect(
        events.entry(async () => {
          await record(tx, 2)
          throw new Error('undone')
        }),
      ).rejects.toThrow('undone')
      // A keyed event (a scheduled period) is inserted at once: its answer depends on it.
      await events.entry(() => record(tx, 3, 'period-1'))
      // Outside an entry, as everywhere else, the event is inserted at once.
      await record(tx, 4)
      const before = await recorded(tx)
      await events.entry(() => record(tx, 5))
      await events.write()
      return { before, after: await recorded(tx) }
    })
    expect(seen.before.map(({ userId }) => userId)).toEqual([user(3), user(4)])
    expect(seen.after.map(({ userId, key }) => [userId, key])).toEqual([
      [user(1), null],
      [user(3), 'period-1'],
      [user(4), null],
      [user(5), null],
    ])
    expect(seen.after.every(({ at }) => at === occurredAt.toISOString())).toBe(true)
    // Committed with the transaction: the rows are there afterwards.
    expect(await recorded(database.db)).toEqual(seen.after)
  })

  it('writes nothing when no entry recorded an event', async () => {
    const statements = await database.db.transaction(async (tx) => {
      let count = 0
      const counting = new Proxy(tx, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown
          if (property === 'execute') count += 1
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const events = batchEvents(counting)
      await events.entry(() => tx.execute(sql`select 1`))
      await events.write()
      return count
    })
    expect(statements).toBe(0)
  })
})
