import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import { outageKind, type OutageKind } from '../db/outage'
import { handleDeliveries } from './after-deliveries'
import {
  claim,
  dueSubscribers,
  fanOut,
  lanesNotice,
  markDone,
  release,
  releaseAbandoned,
  renew,
  type Delivery,
} from './deliveries'
import { deliveryOutcomes, describeFailure } from './delivery-outcome'
import { hasWaitingWork } from './event-health'
import { type Foreground, noForeground } from './foreground'
import { pruneEvents } from './prune-events'
import { EVENTS_CHANNEL } from './record-event'
import type { Subscriber } from './subscriber'

export interface DispatcherOptions {
  db: Database
  log: FastifyBaseLogger
  /**
   * LISTEN on the events channel (PostgreSQL and PGlite); without it only the poll wakes. A
   * write's NOTIFY (empty payload) wakes the fan-out; a fan-out's (`lanesNotice`) wakes only
   * the lanes that got deliveries from it.
   */
  listen?: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>
  /** The safety net behind NOTIFY: due retries and a missed wake-up are found this often. */
  pollMs?: number
  /** Waits before each retry; after the last, the delivery is parked. */
  retryDelaysMs?: readonly number[]
  /**
   * A process that dies mid-delivery loses its lease after this long; another retries. A lane
   * renews its batch's leases every third of it while it works, so it can be short (issue 44).
   */
  leaseMs?: number
  /**
   * The only process on its database (PGlite): leases held at start are a killed run's and are
   * handed back at once instead of being waited out.
   */
  exclusive?: boolean
  /** A database outage is reported here (logged once) instead of logged every second. */
  outage?: { report(kind: OutageKind, error: unknown): void }
  batchSize?: number
  /** Handled events are deleted this long after they were recorded. */
  retentionMs?: number
  /** For /metrics: each handled delivery's lag from its event, and each delivery parked. */
  observe?: { delivered(lagSeconds: number): void; parked(): void }
  /** Work the dispatcher lets go first (the embedded database's sync batches: foreground.ts). */
  foreground?: Foreground
}

export interface Dispatcher {
  subscribe(subscriber: Subscriber): void
  readonly subscribers: readonly Subscriber[]
  /** Runs a member's work before the subscribers' next step where they would slow it down. */
  readonly foreground: Foreground
  start(): Promise<void>
  /** Finishes the delivery in hand, hands back the rest of its leases, stops waking. */
  stop(): Promise<void>
  /**
   * Delivers until nothing is waiting (tests): a lease held elsewhere is waited out, a retry
   * waiting for its backoff is not due. Returns at once when stopped.
   */
  drain(timeoutMs?: number): Promise<void>
}

const HOUR_MS = 60 * 60 * 1000
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 10_000, 60_000, 5 * 60_000] as const
/** With the 1 s poll, a killed process's deliveries are taken up within 10 s of its death. */
export const DEFAULT_LEASE_MS = 8_000

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, log } = options
  const pollMs = options.pollMs ?? 1_000
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const batchSize = options.batchSize ?? 100
  const retentionMs = options.retentionMs ?? 7 * 24 * HOUR_MS
  const foreground = options.foreground ?? noForeground
  const subscribers: Subscriber[] = []
  /**
   * Logs a failure of the loop itself; an outage goes to `options.outage`, logged once there,
   * and a saturated pool is counted and logged by the pool's own watch (db/busy-pool.ts).
   */
  function failed(facts: object, error: unknown, message: string) {
    const kind = outageKind(error)
    if (kind === 'busy') return
    if (kind && options.outage) options.outage.report(kind, error)
    else log.error({ ...facts, error: describeFailure(error) }, message)
  }
  const timers: NodeJS.Timeout[] = []
  let unlisten: (() => Promise<void>) | null = null
  let again = false
  let stopping = false

  const { deliver, fail } = deliveryOutcomes({
    db,
    log,
    subscribers,
    retryDelays,
    pollMs,
    kick,
    observe: options.observe,
  })

  // Each subscriber has its own lane: its deliveries in event order (a prayer bundle needs its
  // first prayer first), claimed and handled apart from the others', so a slow or failing
  // subscriber holds up no other.
  const lanes = new Map<string, { running: Promise<void> | null; again: boolean }>()

  // A lane claims only when woken for it (issue 45): its fan-out gave it deliveries, another
  // process's fan-out NOTIFYd them, or the poll found some due; a lane with nothing sends no
  // statement. It claims again at once only when its batch was full or it was woken meanwhile.
  async function runLane(name: string, lane: { again: boolean }) {
    do {
      lane.again = false
      await foreground.yielded()
      // Stopped meanwhile: the database may be closing, and its leases are for the next start.
      if (stopping) return
      const deliveries = await claim(db, name, batchSize, leaseMs)
      if (deliveries.length === 0) continue
      const handled: string[] = []
      const renewal = keepLeases(name, deliveries, handled)
      try {
        await handleDeliveries({
          work: async (asDelivery) => {
            for (const [index, delivery] of deliveries.entries()) {
              if (stopping) {
                await release(db, deliveries.slice(index))
                return
              }
              const id = delivery.event.id
              if (await asDelivery(id, () => deliver(delivery))) handled.push(id)
            }
          },
          // An item of a write the handlers gathered failed: so did the delivery that gave it.
          onWriteError: async (id, error) => {
            const at = handled.indexOf(id)
            if (at === -1) return
            handled.splice(at, 1)
            await fail(
              deliveries.find((delivery) => delivery.event.id === id)!,
              error,
            )
          },
          onSendError: (key, error) =>
            log.warn(
              { subscriber: name, key, error: describeFailure(error) },
              'sending after deliveries failed',
            ),
        })
      } finally {
        clearInterval(renewal)
        await markDone(db, name, handled)
      }
      if (deliveries.length >= batchSize) lane.again = true
    } while (lane.again && !stopping)
  }

  /** Renews the leases of the batch's deliveries not yet handled until the batch is done. */
  function keepLeases(name: string, deliveries: readonly Delivery[], handled: readonly string[]) {
    const timer = setInterval(() => {
      const done = new Set(handled)
      const waiting = deliveries.map((delivery) => delivery.event.id).filter((id) => !done.has(id))
      renew(db, name, waiting, leaseMs).catch((error: unknown) =>
        failed({ subscriber: name }, error, 'renewing event leases failed'),
      )
    }, leaseMs / 3)
    timer.unref()
    return timer
  }

  function kick(name: string): Promise<void> {
    const lane = lanes.get(name) ?? { running: null, again: false }
    lanes.set(name, lane)
    if (lane.running) {
      lane.again = true
      return lane.running
    }
    lane.running = runLane(name, lane)
      .catch((error: unknown) => failed({ subscriber: name }, error, 'event dispatch failed'))
      .finally(() => {
        lane.running = null
        // Woken after its loop's last look: that wake-up is not lost.
        if (lane.again && !stopping) void kick(name)
      })
    return lane.running
  }

  /** Wakes the lanes named, those of this process's subscribers it delivers. */
  function kickLanes(names: Iterable<string>) {
    for (const name of new Set(names)) {
      if (stopping) return
      const subscriber = subscribers.find((candidate) => candidate.name === name)
      if (!subscriber || subscriber.deliveredHere === false) continue
      void kick(name)
    }
  }

  // This process's fan-outs NOTIFY which lanes got deliveries, for the other processes; its own
  // notice is known by this id and not acted on twice. PGlite is one process: nobody to tell.
  const self = `${process.pid}:${Math.random().toString(36).slice(2)}`
  const notify = options.exclusive ? null : { channel: EVENTS_CHANNEL, from: self }

  /** Fans out until fewer than a batch were waiting; wakes the lanes that got deliveries. */
  async function fanOutAll() {
    for (;;) {
      if (stopping) return
      const { events, subscribers: lanesWithWork } = await fanOut(
        db,
        subscribers,
        batchSize,
        notify,
      )
      kickLanes(lanesWithWork)
      // Fewer than a batch: the rest were taken by another process (skip locked) or are not
      // committed yet, and their commit NOTIFYs again.
      if (events < batchSize) return
    }
  }

  const lanesIdle = async () => {
    await Promise.all([...lanes.values()].map((lane) => lane.running))
  }

  // Fan-out is one loop per process; it starts the lanes and does not wait for them. A sweep
  // (the poll, a drain, the start) also wakes every lane with a delivery due, in one statement.
  let fanning: Promise<void> | null = null
  let sweepAgain = false
  function pump(sweep: boolean): Promise<void> {
    // A wake-up after stop (a NOTIFY in flight, a drain) starts nothing: the app is closing.
    if (stopping) return Promise.resolve()
    if (fanning) {
      again = true
      sweepAgain ||= sweep
      return fanning.then(lanesIdle)
    }
    fanning = (async () => {
      let sweeping = sweep
      do {
        again = false
        await foreground.yielded()
        await fanOutAll()
        if (sweeping && !stopping) kickLanes(await dueSubscribers(db))
        sweeping = sweepAgain
        sweepAgain = false
      } while (again && !stopping)
    })()
      .catch((error: unknown) => failed({}, error, 'event fan-out failed'))
      .finally(() => {
        fanning = null
      })
    return fanning.then(lanesIdle)
  }

  function every(ms: number, run: () => unknown) {
    const timer = setInterval(run, ms)
    timer.unref()
    timers.push(timer)
  }

  return {
    subscribers,
    foreground,
    subscribe(subscriber) {
      if (subscribers.some((known) => known.name === subscriber.name))
        throw new Error(`subscriber ${subscriber.name} is already registered`)
      subscribers.push(subscriber)
    },
    async start() {
      if (options.exclusive) {
        const released = await releaseAbandoned(db)
        if (released > 0)
          log.info({ released }, 'handed back the leases of a run that did not stop cleanly')
      }
      unlisten =
        (await options.listen?.(EVENTS_CHANNEL, (payload) => {
          const notice = lanesNotice(payload)
          if (!notice) void pump(false)
          else if (notice.from !== self) kickLanes(notice.lanes)
        })) ?? null
      every(pollMs, () => void pump(true))
      every(HOUR_MS, () =>
        pruneEvents(db, retentionMs).catch((error: unknown) =>
          failed({}, error, 'pruning handled events failed'),
        ),
      )
      void pump(true)
    },
    async stop() {
      stopping = true
      for (const timer of timers) clearInterval(timer)
      await unlisten?.()
      await fanning
      await Promise.all([...lanes.values()].map((lane) => lane.running))
    },
    async drain(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        await pump(true)
        if (stopping || !(await hasWaitingWork(db))) return
        if (Date.now() > until) throw new Error('events still waiting after the drain timeout')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
  }
}
