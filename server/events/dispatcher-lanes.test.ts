import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { fanOut } from './deliveries'
import { domainEventsTable, eventDeliveriesTable } from './events.table'
import { record, sessionEnded } from './testing/events-harness'
import { useDispatcherDatabase } from './testing/dispatcher-world'

// Issue 45: which lanes a wake-up reaches, counted by the claims each runs.

const { world, dispatcher, counting } = useDispatcherDatabase()

/** The claims run through `db`, by the subscriber they were for. */
function watchingClaims(db: Database) {
  const dialect = new PgDialect()
  const claims: string[] = []
  const watched = new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (key === 'execute') {
          const query = dialect.sqlToQuery(args[0] as SQL)
          if (query.sql.includes('claimed as')) claims.push(String(query.params[0]))
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { watched, claims }
}

// Issue 45: a whole community at once. Every wake-up used to run a claim in every lane.
describe('waking the lanes', () => {
  it('claims only in the lanes that got deliveries, once for a batch short of full', async () => {
    const { watched, claims } = watchingClaims(world.database.db)
    const { dispatcher: d } = dispatcher({
      db: watched,
      listen: world.database.listen,
      pollMs: 60_000,
    })
    const a = counting('a')
    d.subscribe(a.subscriber)
    d.subscribe({ name: 'jobs', on: { JobDue: async () => {} } })
    d.subscribe({ name: 'idle', on: {} })
    await d.start()
    // The start's sweep first: were it still running when the write lands, it could find a's
    // delivery due before a's claim took it (a second, empty claim, under load in CI).
    await d.drain()
    expect(claims).toEqual([])
    await record(world.database.db, sessionEnded('one'))
    await expect.poll(() => a.seen).toEqual(['one'])
    // The drain finds nothing due (one statement), so it wakes no lane and claims nothing.
    await d.drain()
    expect(claims).toEqual(['a'])
    await record(world.database.db, { type: 'JobDue', payload: { job: 'nobody', period: 'p' } })
    await d.drain()
    // The write's NOTIFY and the drain's sweep may both wake the jobs lane before its claim
    // (a second, empty claim there); never a lane with nothing.
    expect(claims.filter((lane) => lane !== 'jobs')).toEqual(['a'])
    expect(claims).toContain('jobs')
  })

  it("wakes a lane another process's fan-out NOTIFYd, and no other", async () => {
    const { watched, claims } = watchingClaims(world.database.db)
    const { dispatcher: d } = dispatcher({
      db: watched,
      listen: world.database.listen,
      pollMs: 60_000,
    })
    const a = counting('a')
    const b = counting('b')
    d.subscribe(a.subscriber)
    d.subscribe(b.subscriber)
    await d.start()
    // Another process fanned this event out (to b only here): no write's NOTIFY, only its own.
    const [event] = await world.database.db
      .insert(domainEventsTable)
      .values({
        type: 'SessionEnded',
        payload: { userId: 'elsewhere' },
        occurredAt: new Date(),
        fannedOut: true,
      })
      .returning({ id: domainEventsTable.id })
    await world.database.db
      .insert(eventDeliveriesTable)
      .values({ eventId: event!.id, subscriber: 'b' })
    await world.database.db.execute(
      sql`select pg_notify('domain_events', ${JSON.stringify({ from: 'other', lanes: ['b'] })})`,
    )
    await expect.poll(() => b.seen).toEqual(['elsewhere'])
    // Only b claims. It may claim twice: the start's sweep can find the delivery too, racing the
    // notice on PostgreSQL, and the second claim finds nothing.
    expect(new Set(claims)).toEqual(new Set(['b']))
    expect(a.seen).toEqual([])
  })

  it("wakes a lane itself when a retry's backoff is shorter than the poll", async () => {
    const { dispatcher: d } = dispatcher({
      listen: world.database.listen,
      pollMs: 60_000,
      retryDelaysMs: [50],
    })
    const flaky = counting('flaky', (_event, attempt) => attempt === 1)
    d.subscribe(flaky.subscriber)
    await d.start()
    await record(world.database.db, sessionEnded('member'))
    await expect.poll(() => flaky.seen, { timeout: 10_000 }).toEqual(['member'])
  })

  it('claims again at once after a full batch, and not after a short one', async () => {
    const { watched, claims } = watchingClaims(world.database.db)
    const { dispatcher: d } = dispatcher({ db: watched, batchSize: 2, pollMs: 60_000 })
    const a = counting('a')
    d.subscribe(a.subscriber)
    for (const id of ['1', '2', '3']) await record(world.database.db, sessionEnded(id))
    await fanOut(world.database.db, [a.subscriber], 10)
    // Only the start's sweep wakes the lane (no NOTIFY, no poll within the test).
    await d.start()
    await expect.poll(() => a.seen).toEqual(['1', '2', '3'])
    await d.stop()
    expect(claims).toEqual(['a', 'a'])
  })
})
