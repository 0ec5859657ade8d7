import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { expectLoggedError } from '../../tests/helpers/logged-errors'
import { claim } from './deliveries'
import { createForeground } from './foreground'
import { dispatchLag, listParked, parkedCount, retryParked } from './event-health'
import { domainEventsTable, eventDeliveriesTable } from './events.table'
import { pruneEvents } from './prune-events'
import { recordDuePeriod, scheduleJob } from './scheduled-jobs'
import { capturedLog, record, sessionEnded } from './testing/events-harness'
import { useDispatcherDatabase } from './testing/dispatcher-world'

// The mechanism on its own: a real (per-file) database, test subscribers that count.

const { world, dispatcher, counting } = useDispatcherDatabase()

describe('the dispatcher', () => {
  it('hands every committed event to each subscriber once, and nothing for a rollback', async () => {
    const { dispatcher: d } = dispatcher()
    const a = counting('a')
    const b = counting('b')
    d.subscribe(a.subscriber)
    d.subscribe(b.subscriber)
    await record(world.database.db, sessionEnded('one'))
    await world.database.db
      .transaction(async (tx) => {
        await record(tx, sessionEnded('rolled-back'))
        throw new Error('the write failed')
      })
      .catch(() => {})
    await record(world.database.db, sessionEnded('two'))
    await d.drain()
    await d.drain()
    expect(a.seen).toEqual(['one', 'two'])
    expect(b.seen).toEqual(['one', 'two'])
  })

  it('lets foreground work (a sync batch on the embedded database) finish before delivering', async () => {
    const foreground = createForeground({ graceMs: 0, maxWaitMs: 60_000, pollMs: 2 })
    const { dispatcher: d } = dispatcher({ foreground })
    const a = counting('a')
    d.subscribe(a.subscriber)
    // The batch is held open until the test lets it finish; `finish` exists from the start
    // (a loaded machine may take longer than any sleep to reach the record).
    let finish!: () => void
    const finished = new Promise<void>((resolve) => (finish = resolve))
    let recorded!: () => void
    const inBatch = new Promise<void>((resolve) => (recorded = resolve))
    const batch = d.foreground.run(async () => {
      await record(world.database.db, sessionEnded('during the batch'))
      recorded()
      await finished
    })
    const drained = d.drain()
    await inBatch
    await sleep(50)
    expect(a.seen).toEqual([])
    finish()
    await batch
    await drained
    expect(a.seen).toEqual(['during the batch'])
  })

  it('wakes on NOTIFY at commit, without waiting for its poll', async () => {
    const { dispatcher: d } = dispatcher({ listen: world.database.listen, pollMs: 60_000 })
    let delivered!: () => void
    const arrived = new Promise<void>((resolve) => (delivered = resolve))
    d.subscribe({ name: 'woken', on: { SessionEnded: async () => delivered() } })
    await d.start()
    const started = performance.now()
    await record(world.database.db, sessionEnded('now'))
    await arrived
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('retries a subscriber that fails twice, then delivers once', async () => {
    const { dispatcher: d, lines } = dispatcher({ retryDelaysMs: [0, 0, 0] })
    const flaky = counting('flaky', (_event, attempt) => attempt <= 2)
    d.subscribe(flaky.subscriber)
    await record(world.database.db, sessionEnded('member'))
    await d.drain()
    expect(flaky.seen).toEqual(['member'])
    const [delivery] = await world.database.db.select().from(eventDeliveriesTable)
    expect(delivery).toMatchObject({ attempts: 3, parkedAt: null })
    expect(delivery!.doneAt).not.toBeNull()
    expect(lines.filter((line) => line.msg === 'event subscriber failed; will retry')).toHaveLength(
      2,
    )
  })

  it('waits its backoff before a retry', async () => {
    const { dispatcher: d } = dispatcher({ retryDelaysMs: [60_000] })
    const flaky = counting('slow-retry', (_event, attempt) => attempt === 1)
    d.subscribe(flaky.subscriber)
    await record(world.database.db, sessionEnded('member'))
    await d.drain()
    expect(flaky.seen).toEqual([])
    const [delivery] = await world.database.db.select().from(eventDeliveriesTable)
    expect(delivery!.dueAt.getTime() - Date.now()).toBeGreaterThan(50_000)
  })

  it('parks what always fails for an operator, while other subscribers and later events go on', async () => {
    expectLoggedError(/^event parked: /)
    const { dispatcher: d, lines } = dispatcher()
    const broken = counting('broken', (event) => event.payload.userId === 'poison')
    const healthy = counting('healthy')
    d.subscribe(broken.subscriber)
    d.subscribe(healthy.subscriber)
    await record(world.database.db, sessionEnded('poison'))
    await record(world.database.db, sessionEnded('after'))
    await d.drain()
    expect(healthy.seen).toEqual(['poison', 'after'])
    expect(broken.seen).toEqual(['after'])
    expect(await parkedCount(world.database.db)).toBe(1)
    const [parked] = await listParked(world.database.db)
    expect(parked).toMatchObject({
      type: 'SessionEnded',
      subscriber: 'broken',
      attempts: 3,
      lastError: 'Error: broken failed for poison',
    })
    const line = lines.find(
      (entry) => entry.msg === 'event parked: its subscriber failed every try',
    )
    expect(line).toMatchObject({
      subscriber: 'broken',
      type: 'SessionEnded',
      eventId: parked!.eventId,
    })

    // Once the cause is fixed, an operator sends it again.
    broken.subscriber.on.SessionEnded = counting('broken').subscriber.on.SessionEnded
    expect(await retryParked(world.database.db, parked!.eventId, 'broken')).toBe(true)
    await d.drain()
    expect(await parkedCount(world.database.db)).toBe(0)
  })

  it('delivers again what a crashed process had leased, once its lease ran out', async () => {
    const { dispatcher: d } = dispatcher()
    const a = counting('a')
    d.subscribe(a.subscriber)
    await record(world.database.db, sessionEnded('member'))
    await d.drain()
    // A process claims the delivery, then dies before it finishes (no done, no release).
    await world.database.db.update(eventDeliveriesTable).set({ doneAt: null })
    expect(await claim(world.database.db, 'a', 10, 1_000)).toHaveLength(1)
    await expect(d.drain(300)).rejects.toThrow('events still waiting')
    expect(a.seen).toEqual(['member'])
    await d.drain()
    expect(a.seen).toEqual(['member', 'member'])
  })

  it('shares the work between two dispatchers: each event once per subscriber', async () => {
    const seen: string[] = []
    const make = () => {
      const { dispatcher: d } = dispatcher()
      d.subscribe({
        name: 'shared',
        on: { SessionEnded: async (e) => void seen.push(e.payload.userId) },
      })
      return d
    }
    const [first, second] = [make(), make()]
    const ids = Array.from({ length: 40 }, (_, i) => `member-${i}`)
    await Promise.all(ids.map((id) => record(world.database.db, sessionEnded(id))))
    await Promise.all([first!.drain(), second!.drain()])
    expect(seen.sort()).toEqual(ids.sort())
  })

  it('fans out a subscriber not delivered here, and leaves its delivery to a process that does', async () => {
    const here = counting('hub-only')
    const elsewhere = counting('hub-only')
    const { dispatcher: api } = dispatcher()
    api.subscribe({ ...elsewhere.subscriber, deliveredHere: false })
    await record(world.database.db, sessionEnded('one'))
    await api.drain(300).catch(() => {})
    // Fanned out by this process (a delivery row waits), never handled by it.
    const waiting = await world.database.db
      .select({ doneAt: eventDeliveriesTable.doneAt })
      .from(eventDeliveriesTable)
      .where(eq(eventDeliveriesTable.subscriber, 'hub-only'))
    expect(waiting).toEqual([{ doneAt: null }])
    expect(elsewhere.seen).toEqual([])

    const { dispatcher: hub } = dispatcher()
    hub.subscribe(here.subscriber)
    await hub.drain()
    expect(here.seen).toEqual(['one'])
    expect(elsewhere.seen).toEqual([])
  })

  it('hands back the leases it has not started when stopped', async () => {
    const { dispatcher: d } = dispatcher()
    let release!: () => void
    const blocked = new Promise<void>((resolve) => (release = resolve))
    const handled: string[] = []
    d.subscribe({
      name: 'one-at-a-time',
      on: {
        SessionEnded: async (event) => {
          handled.push(event.payload.userId)
          await blocked
        },
      },
    })
    await record(world.database.db, sessionEnded('first'))
    await record(world.database.db, sessionEnded('second'))
    const draining = d.drain().catch(() => {})
    await expect.poll(() => handled.length).toBe(1)
    const stopping = d.stop()
    release()
    await stopping
    await draining
    const rows = await world.database.db.select().from(eventDeliveriesTable)
    const byState = rows.map((row) => [row.doneAt !== null, row.leasedUntil, row.attempts])
    expect(byState.sort()).toEqual([
      [false, null, 0],
      [true, null, 1],
    ])
  })

  it('starts nothing once stopped: a late wake-up or drain sends no statement', async () => {
    // The app's database closes right after its dispatcher stops (CI saw every lane of a closed
    // app fail at once, in the next file's test): a wake-up then must not reach the world.database.
    const statements: string[] = []
    let stopped = false
    const watched = new Proxy(world.database.db, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          if (stopped) statements.push(String(key))
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    })
    const { dispatcher: d, lines } = dispatcher({ db: watched })
    const late = counting('late')
    d.subscribe(late.subscriber)
    await d.stop()
    stopped = true
    await d.drain()
    stopped = false
    expect(statements).toEqual([])
    expect(late.seen).toEqual([])
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([])
  })

  it('reports its lag, and prunes handled events after the retention but keeps parked ones', async () => {
    expectLoggedError(/^event parked: /)
    const { dispatcher: d } = dispatcher()
    d.subscribe(counting('broken', () => true).subscriber)
    await record(world.database.db, sessionEnded('parked'))
    await record(world.database.db, {
      type: 'JobDue',
      payload: { job: 'nobody-listens', period: 'p' },
    })
    const past = sql`now() - interval '1 second'`
    await world.database.db.update(domainEventsTable).set({ recordedAt: past })
    expect(await dispatchLag(world.database.db)).toBeGreaterThanOrEqual(1_000)
    await d.drain()
    expect(await dispatchLag(world.database.db)).toBe(0)
    expect(await pruneEvents(world.database.db, 500)).toBe(1)
    const left = await world.database.db
      .select({ type: domainEventsTable.type })
      .from(domainEventsTable)
    expect(left).toEqual([{ type: 'SessionEnded' }])
  })
})

describe('scheduled jobs', () => {
  it('run once per period however many processes ask', async () => {
    const runs: string[] = []
    const job = {
      name: 'digest',
      everyMs: 60_000,
      periodDue: (now: Date) => now.toISOString().slice(0, 10),
      run: async (period: string) => void runs.push(period),
    }
    const processes = [dispatcher().dispatcher, dispatcher().dispatcher]
    for (const d of processes)
      scheduleJob(
        d,
        { db: world.database.db, now: () => new Date(), log: capturedLog().log, tick: false },
        job,
      )
    const now = new Date('2026-11-23T09:00:00Z')
    const asked = await Promise.all(
      [1, 2, 3].map(() => recordDuePeriod(world.database.db, job, now)),
    )
    expect(asked.filter(Boolean)).toHaveLength(1)
    await Promise.all(processes.map((d) => d.drain()))
    expect(runs).toEqual(['2026-11-23'])
    const [event] = await world.database.db
      .select()
      .from(domainEventsTable)
      .where(eq(domainEventsTable.type, 'JobDue'))
    expect(event!.key).toBe('job:digest:2026-11-23')
  })
})
