import { setTimeout as sleep } from 'node:timers/promises'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { DatabaseHandle } from '../db/client'
import {
  claim,
  fanOut,
  markDone,
  markFailed,
  release,
  releaseAbandoned,
  renew,
  type Delivery,
} from './deliveries'
import { createDispatcher, DEFAULT_LEASE_MS, type Dispatcher } from './dispatcher'
import { domainEventsTable, eventDeliveriesTable as d } from './events.table'
import type { Subscriber } from './subscriber'
import { capturedLog, counted, record, sessionEnded } from './testing/events-harness'

// Issue 44: a killed process's leased deliveries are taken up within seconds of a restart, not
// after a minute; the lease arithmetic, the batch's order and the empty paths under test
// (deliveries.ts's mutation run, docs/testing.md).

let database: DatabaseHandle
const running: Dispatcher[] = []
const seen: string[] = []
const sessions: Subscriber = {
  name: 'sessions',
  on: { SessionEnded: async (event) => void seen.push(event.payload.userId) },
}

beforeAll(async () => {
  database = await createTestDatabase()
})
afterEach(async () => {
  for (const dispatcher of running.splice(0)) await dispatcher.stop()
  seen.length = 0
  await database.db.delete(domainEventsTable)
})
afterAll(() => database.close())

async function recordSessions(count: number) {
  for (let index = 0; index < count; index++)
    await record(database.db, sessionEnded(`user-${String(index).padStart(3, '0')}`))
  await fanOut(database.db, [sessions], 1_000)
  const rows = await database.db
    .select({ id: domainEventsTable.id })
    .from(domainEventsTable)
    .orderBy(domainEventsTable.id)
  return rows.map((row) => row.id)
}

/** Milliseconds from the database's now() to each delivery's column, by event id order. */
async function fromNow(column: 'leased_until' | 'due_at', ids: readonly string[]) {
  const result = (await database.db.execute(sql`
    select extract(epoch from (${sql.raw(column)} - now())) * 1000 as ms
    from event_deliveries where event_id in ${ids} order by event_id`)) as unknown as {
    rows: { ms: number | string | null }[]
  }
  return result.rows.map((row) => (row.ms === null ? null : Number(row.ms)))
}

const rowsOf = (ids: readonly string[]) =>
  database.db.select().from(d).where(inArray(d.eventId, [...ids])).orderBy(d.eventId)

describe('a lease', () => {
  it('runs for `leaseMs` from the claim, and a live one is not claimed again', async () => {
    const ids = await recordSessions(2)
    const batch = await claim(database.db, 'sessions', 10, 30_000)
    expect(batch).toHaveLength(2)
    for (const ms of await fromNow('leased_until', ids)) {
      expect(ms).toBeGreaterThan(29_000)
      expect(ms).toBeLessThanOrEqual(30_000)
    }
    expect(await claim(database.db, 'sessions', 10, 30_000)).toEqual([])
  })

  it('once run out, is claimed again as a new attempt', async () => {
    const [id] = await recordSessions(1)
    expect(await claim(database.db, 'sessions', 10, 1)).toHaveLength(1)
    await sleep(20)
    const again = await claim(database.db, 'sessions', 10, 30_000)
    expect(again.map((delivery) => [delivery.event.id, delivery.attempts])).toEqual([[id, 2]])
  })

  it('is renewed for the deliveries not yet done, from now', async () => {
    const ids = await recordSessions(3)
    const batch = await claim(database.db, 'sessions', 10, 1_000)
    await markDone(database.db, 'sessions', [ids[0]!])
    await renew(database.db, 'sessions', ids, 60_000)
    const [done, ...waiting] = await fromNow('leased_until', ids)
    expect(done).toBeNull()
    for (const ms of waiting) expect(ms).toBeGreaterThan(59_000)
    // Another subscriber's deliveries of the same events are not this lane's to renew.
    expect(batch.every((delivery) => delivery.subscriber === 'sessions')).toBe(true)
  })

  it("renews only the named subscriber's, and never one it does not hold", async () => {
    const ids = await recordSessions(2)
    await database.db.insert(d).values(ids.map((eventId) => ({ eventId, subscriber: 'other' })))
    await claim(database.db, 'sessions', 1, 1_000)
    await renew(database.db, 'sessions', ids, 60_000)
    const rows = await rowsOf(ids)
    const leased = rows.filter((row) => row.leasedUntil !== null)
    expect(leased.map((row) => [row.eventId, row.subscriber])).toEqual([[ids[0], 'sessions']])
  })

  it('renews nothing, with no statement, for an empty list', async () => {
    const { spy, calls } = counted(database.db)
    await renew(spy, 'sessions', [], 60_000)
    await markDone(spy, 'sessions', [])
    expect(calls).toEqual([])
  })

  it('handed back by a stopping process takes back its attempt', async () => {
    const ids = await recordSessions(2)
    const batch = await claim(database.db, 'sessions', 10, 60_000)
    await release(database.db, batch.slice(1))
    const rows = await rowsOf(ids)
    expect(rows.map((row) => [row.attempts, row.leasedUntil === null])).toEqual([
      [1, false],
      [0, true],
    ])
  })

  it("held by a killed run is handed back at a PGlite start, attempt kept, done ones untouched", async () => {
    const ids = await recordSessions(3)
    await claim(database.db, 'sessions', 10, 60_000)
    await markDone(database.db, 'sessions', [ids[0]!])
    expect(await releaseAbandoned(database.db)).toBe(2)
    const rows = await rowsOf(ids)
    expect(rows.map((row) => [row.attempts, row.leasedUntil, row.doneAt !== null])).toEqual([
      [1, null, true],
      [1, null, false],
      [1, null, false],
    ])
    expect(await releaseAbandoned(database.db)).toBe(0)
  })
})

describe('a failed delivery', () => {
  it('is due again after its delay, its lease given up', async () => {
    const ids = await recordSessions(1)
    const [delivery] = await claim(database.db, 'sessions', 10, 60_000)
    await markFailed(database.db, delivery!, 'boom', 10_000)
    const [ms] = await fromNow('due_at', ids)
    expect(ms).toBeGreaterThan(9_000)
    expect(ms).toBeLessThanOrEqual(10_000)
    const [row] = await rowsOf(ids)
    expect([row?.leasedUntil, row?.parkedAt, row?.lastError]).toEqual([null, null, 'boom'])
  })

  it('is parked, not due, when no retry is left', async () => {
    const ids = await recordSessions(1)
    const [delivery] = await claim(database.db, 'sessions', 10, 60_000)
    await markFailed(database.db, delivery!, 'boom', null)
    const [row] = await rowsOf(ids)
    expect(row?.parkedAt).toBeInstanceOf(Date)
    expect(row?.leasedUntil).toBeNull()
    expect(await claim(database.db, 'sessions', 10, 60_000)).toEqual([])
  })
})

describe('a batch', () => {
  it('runs in event order however its deliveries came due, past 32 of them', async () => {
    const ids = await recordSessions(40)
    // Due newest first, with ties: the claim picks by due time, the batch runs by id.
    for (const [index, id] of ids.entries())
      await database.db
        .update(d)
        .set({ dueAt: sql`now() - ${Math.floor(index / 3) * 60} * interval '1 second'` })
        .where(eq(d.eventId, id))
    const batch: Delivery[] = await claim(database.db, 'sessions', 100, 60_000)
    expect(batch.map((delivery) => delivery.event.id)).toEqual(ids)
  })

  it('claims with one statement when nothing is due', async () => {
    const { spy, calls } = counted(database.db)
    expect(await claim(spy, 'sessions', 10, 60_000)).toEqual([])
    expect(calls).toEqual(['execute'])
  })
})

describe('after a crash', () => {
  it("delivers a killed process's leased batch within 10 s of the restart", async () => {
    await recordSessions(21)
    // The dead process's claim, as it stood at the SIGKILL: the default lease, not worked on.
    expect(await claim(database.db, 'sessions', 100, DEFAULT_LEASE_MS)).toHaveLength(21)
    const { log } = capturedLog()
    const restarted = createDispatcher({
      db: database.db,
      log,
      exclusive: database.driver === 'pglite',
    })
    running.push(restarted)
    restarted.subscribe(sessions)
    const started = Date.now()
    await restarted.start()
    await expect.poll(() => seen.length, { timeout: 10_000, interval: 50 }).toBe(21)
    expect(Date.now() - started).toBeLessThan(10_000)
    // The embedded database hands the leases back at start: no waiting at all.
    if (database.driver === 'pglite') expect(Date.now() - started).toBeLessThan(2_000)
  }, 20_000)

  it('keeps the leases of a batch that takes longer than the lease', async () => {
    await recordSessions(2)
    let finish = () => {}
    const slow: Subscriber = {
      name: 'sessions',
      on: {
        SessionEnded: async (event) => {
          await new Promise<void>((resolve) => (finish = resolve))
          seen.push(event.payload.userId)
        },
      },
    }
    const { log } = capturedLog()
    const worker = createDispatcher({ db: database.db, log, leaseMs: 300 })
    running.push(worker)
    worker.subscribe(slow)
    await worker.start()
    await expect.poll(async () => (await rowsOf(await idsOf())).some((row) => row.attempts > 0)).toBe(true)
    // Three leases' time later, another process still finds nothing to take.
    await sleep(900)
    expect(await claim(database.db, 'sessions', 10, 300)).toEqual([])
    finish()
    await expect.poll(() => seen.length).toBeGreaterThan(0)
    finish()
    await expect.poll(() => seen.length).toBe(2)
  })
})

async function idsOf() {
  const rows = await database.db.select({ id: domainEventsTable.id }).from(domainEventsTable)
  return rows.map((row) => row.id)
}
