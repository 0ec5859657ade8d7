import { setTimeout as sleep } from 'node:timers/promises'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/helpers/test-db'
import type { DatabaseHandle } from '../db/client'
import { claim, dueSubscribers, fanOut, lanesNotice } from './deliveries'
import { domainEventsTable, eventDeliveriesTable } from './events.table'
import type { Subscriber } from './subscriber'
import { counted, record, sessionEnded } from './testing/events-harness'

// The dispatcher's statements on their own (dispatcher.test.ts runs them through the loop).

let database: DatabaseHandle
const LEASE_MS = 60_000

beforeAll(async () => {
  database = await createTestDatabase()
})
afterEach(() => database.db.delete(domainEventsTable))
afterAll(() => database.close())

const wantsSessions: Subscriber = { name: 'sessions', on: { SessionEnded: async () => {} } }

async function recordSessions(count: number) {
  for (let index = 0; index < count; index++)
    await record(database.db, sessionEnded(`00000000-0000-7000-8000-00000000000${index}`))
  const rows = await database.db
    .select({ id: domainEventsTable.id })
    .from(domainEventsTable)
    .orderBy(domainEventsTable.id)
  return rows.map((row) => row.id)
}

const fannedOut = async (ids: string[]) =>
  (
    await database.db
      .select({ id: domainEventsTable.id, fannedOut: domainEventsTable.fannedOut })
      .from(domainEventsTable)
      .where(inArray(domainEventsTable.id, ids))
      .orderBy(domainEventsTable.id)
  ).map((row) => row.fannedOut)

describe('fanOut', () => {
  it('takes at most `limit` events, oldest first, and leaves the rest for the next round', async () => {
    const ids = await recordSessions(3)
    expect((await fanOut(database.db, [wantsSessions], 2)).events).toBe(2)
    expect(await fannedOut(ids)).toEqual([true, true, false])
    expect((await fanOut(database.db, [wantsSessions], 2)).events).toBe(1)
    expect(await fannedOut(ids)).toEqual([true, true, true])
  })

  it('marks an event no subscriber wants as fanned out, with no delivery', async () => {
    const ids = await recordSessions(1)
    const wantsNothing: Subscriber = { name: 'nothing', on: {} }
    expect(await fanOut(database.db, [wantsNothing], 10)).toEqual({ events: 1, subscribers: [] })
    expect(await fannedOut(ids)).toEqual([true])
    expect(await database.db.select().from(eventDeliveriesTable)).toEqual([])
  })
})

describe('claim', () => {
  it('hands a batch back in event id order, whatever order the deliveries were due in', async () => {
    const ids = await recordSessions(3)
    await fanOut(database.db, [wantsSessions], 10)
    // The newest event is due first: the claim picks by due time, the batch runs by id.
    for (const [index, id] of [...ids].reverse().entries())
      await database.db
        .update(eventDeliveriesTable)
        .set({ dueAt: sql`now() - ${(3 - index) * 60} * interval '1 second'` })
        .where(eq(eventDeliveriesTable.eventId, id))
    const batch = await claim(database.db, 'sessions', 10, LEASE_MS)
    expect(batch.map((delivery) => delivery.event.id)).toEqual(ids)
    expect(batch.map((delivery) => delivery.attempts)).toEqual([1, 1, 1])
  })

  it('claims nothing when nothing is due', async () => {
    expect(await claim(database.db, 'sessions', 10, LEASE_MS)).toEqual([])
  })

  it('claims at most `limit` deliveries', async () => {
    await recordSessions(3)
    await fanOut(database.db, [wantsSessions], 10)
    expect(await claim(database.db, 'sessions', 2, LEASE_MS)).toHaveLength(2)
    expect(await claim(database.db, 'sessions', 2, LEASE_MS)).toHaveLength(1)
  })

  it("reads the batch's events in the same statement as it claims them", async () => {
    const [id] = await recordSessions(1)
    await fanOut(database.db, [wantsSessions], 10)
    const { spy, calls } = counted(database.db)
    const [delivery] = await claim(spy, 'sessions', 10, LEASE_MS)
    expect(calls).toEqual(['execute'])
    expect(delivery).toMatchObject({
      subscriber: 'sessions',
      attempts: 1,
      event: {
        id,
        type: 'SessionEnded',
        payload: { userId: '00000000-0000-7000-8000-000000000000' },
      },
    })
    const [event] = await database.db
      .select({ occurredAt: domainEventsTable.occurredAt })
      .from(domainEventsTable)
    expect(delivery!.event.occurredAt).toEqual(event!.occurredAt)
  })
})

// Issue 45: a fan-out says which lanes got deliveries, so only those are woken.
describe('fanOut, for the lanes', () => {
  const wantsJobs: Subscriber = { name: 'jobs', on: { JobDue: async () => {} } }
  const alsoSessions: Subscriber = { name: 'also: sessions', on: { SessionEnded: async () => {} } }

  it('names the subscribers that got a delivery, and no other, in one statement', async () => {
    await recordSessions(2)
    const { spy, calls } = counted(database.db)
    const result = await fanOut(spy, [wantsSessions, wantsJobs, alsoSessions], 10)
    expect(calls).toEqual(['execute'])
    expect(result.events).toBe(2)
    expect(result.subscribers.sort()).toEqual(['also: sessions', 'sessions'])
    const rows = await database.db.select().from(eventDeliveriesTable)
    expect(rows).toHaveLength(4)
    expect(rows.every((row) => row.attempts === 0 && row.doneAt === null)).toBe(true)
    expect(await fanOut(database.db, [wantsSessions, wantsJobs], 10)).toEqual({
      events: 0,
      subscribers: [],
    })
  })

  it('NOTIFYs the lanes that got deliveries when asked, and nothing when none did', async () => {
    const heard: string[] = []
    const unlisten = await database.listen('deliveries_test', (payload) => heard.push(payload))
    try {
      const notify = { channel: 'deliveries_test', from: 'process-1' }
      expect(await fanOut(database.db, [wantsJobs], 10, notify)).toEqual({
        events: 0,
        subscribers: [],
      })
      await recordSessions(1)
      await fanOut(database.db, [wantsSessions, wantsJobs], 10, notify)
      await expect.poll(() => heard.length).toBe(1)
      expect(lanesNotice(heard[0]!)).toEqual({ from: 'process-1', lanes: ['sessions'] })
      await record(database.db, { type: 'JobDue', payload: { job: 'j', period: 'p' } })
      await fanOut(database.db, [wantsSessions], 10, notify)
      await fanOut(database.db, [wantsSessions], 10, null)
      await sleep(100)
      expect(heard).toHaveLength(1)
    } finally {
      await unlisten()
    }
  })

  it("reads a notice's lanes, and a write's empty NOTIFY as none", () => {
    expect(lanesNotice('{"from":"p","lanes":["a","b: c"]}')).toEqual({
      from: 'p',
      lanes: ['a', 'b: c'],
    })
    expect(lanesNotice('')).toBeNull()
    expect(lanesNotice('{not json')).toBeNull()
    expect(lanesNotice('{"lanes":["a"]}')).toBeNull()
  })
})

describe('dueSubscribers', () => {
  it('names the lanes with a delivery due and not leased', async () => {
    const ids = await recordSessions(2)
    const other: Subscriber = { name: 'other', on: { SessionEnded: async () => {} } }
    const later: Subscriber = { name: 'later', on: { SessionEnded: async () => {} } }
    await fanOut(database.db, [wantsSessions, other, later], 10)
    await claim(database.db, 'other', 10, LEASE_MS)
    await database.db
      .update(eventDeliveriesTable)
      .set({ dueAt: sql`now() + interval '1 minute'` })
      .where(eq(eventDeliveriesTable.subscriber, 'later'))
    expect(await dueSubscribers(database.db)).toEqual(['sessions'])
    await database.db
      .update(eventDeliveriesTable)
      .set({ doneAt: sql`now()` })
      .where(inArray(eventDeliveriesTable.eventId, ids))
    expect(await dueSubscribers(database.db)).toEqual([])
  })
})
