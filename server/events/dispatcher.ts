import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import { handleDeliveries } from './after-deliveries'
import { claim, fanOut, markDone, markFailed, release, type Delivery } from './deliveries'
import { hasWaitingWork } from './event-health'
import { type Foreground, noForeground } from './foreground'
import { pruneEvents } from './prune-events'
import { EVENTS_CHANNEL } from './record-event'
import { handlerFor, type Subscriber } from './subscriber'

export interface DispatcherOptions {
  db: Database
  log: FastifyBaseLogger
  /** LISTEN on the events channel (PostgreSQL and PGlite); without it only the poll wakes. */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>
  /** The safety net behind NOTIFY: due retries and a missed wake-up are found this often. */
  pollMs?: number
  /** Waits before each retry; after the last, the delivery is parked. */
  retryDelaysMs?: readonly number[]
  /** A process that dies mid-delivery loses its lease after this long; another retries. */
  leaseMs?: number
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

// Only the first line, cut short: a failed query's message carries its parameters, and those
// may be a member's words, which must not reach the table an operator reads or the log.
function describe(error: unknown) {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return (text.split('\n')[0] ?? '').slice(0, 200)
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, log } = options
  const pollMs = options.pollMs ?? 1_000
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const leaseMs = options.leaseMs ?? 60_000
  const batchSize = options.batchSize ?? 100
  const retentionMs = options.retentionMs ?? 7 * 24 * HOUR_MS
  const foreground = options.foreground ?? noForeground
  const subscribers: Subscriber[] = []
  const timers: NodeJS.Timeout[] = []
  let unlisten: (() => Promise<void>) | null = null
  let again = false
  let stopping = false

  /** True when handled; a failure is scheduled for its retry or parked here. */
  async function deliver(delivery: Delivery): Promise<boolean> {
    const subscriber = subscribers.find((candidate) => candidate.name === delivery.subscriber)
    const handler = subscriber && handlerFor(subscriber, delivery.event)
    try {
      // A subscriber unknown to this process (a newer version beside it) is retried, then parked.
      if (!handler) throw new Error(`no handler for ${delivery.event.type} here`)
      await handler(delivery.event)
      options.observe?.delivered((Date.now() - delivery.event.occurredAt.getTime()) / 1000)
      return true
    } catch (error) {
      const retryIn = retryDelays[delivery.attempts - 1]
      const facts = {
        eventId: delivery.event.id,
        type: delivery.event.type,
        subscriber: delivery.subscriber,
        attempts: delivery.attempts,
        error: describe(error),
      }
      await markFailed(db, delivery, facts.error, retryIn ?? null)
      if (retryIn === undefined) {
        log.error(facts, 'event parked: its subscriber failed every try')
        options.observe?.parked()
      } else log.warn({ ...facts, retryInMs: retryIn }, 'event subscriber failed; will retry')
      return false
    }
  }

  // Each subscriber has its own lane: its deliveries in event order (a prayer bundle needs its
  // first prayer first), claimed and handled apart from the others', so a slow or failing
  // subscriber holds up no other.
  const lanes = new Map<string, { running: Promise<void> | null; again: boolean }>()

  async function runLane(name: string, lane: { again: boolean }) {
    do {
      lane.again = false
      await foreground.yielded()
      const deliveries = await claim(db, name, batchSize, leaseMs)
      const handled: string[] = []
      try {
        await handleDeliveries(
          async () => {
            for (const [index, delivery] of deliveries.entries()) {
              if (stopping) {
                await release(db, deliveries.slice(index))
                return
              }
              if (await deliver(delivery)) handled.push(delivery.event.id)
            }
          },
          (key, error) =>
            log.warn(
              { subscriber: name, key, error: describe(error) },
              'sending after deliveries failed',
            ),
        )
      } finally {
        await markDone(db, name, handled)
      }
      if (deliveries.length > 0) lane.again = true
    } while (lane.again && !stopping)
  }

  function kick(name: string): Promise<void> {
    const lane = lanes.get(name) ?? { running: null, again: false }
    lanes.set(name, lane)
    if (lane.running) {
      lane.again = true
      return lane.running
    }
    lane.running = runLane(name, lane)
      .catch((error: unknown) =>
        log.error({ subscriber: name, error: describe(error) }, 'event dispatch failed'),
      )
      .finally(() => {
        lane.running = null
      })
    return lane.running
  }

  async function fanOutAll() {
    while (!stopping && (await fanOut(db, subscribers, batchSize)) > 0);
  }

  const lanesIdle = async () => {
    await Promise.all([...lanes.values()].map((lane) => lane.running))
  }

  // Fan-out is one loop per process; it starts the lanes and does not wait for them.
  let fanning: Promise<void> | null = null
  function pump(): Promise<void> {
    if (fanning) {
      again = true
      return fanning.then(lanesIdle)
    }
    fanning = (async () => {
      do {
        again = false
        await foreground.yielded()
        await fanOutAll()
        for (const subscriber of subscribers)
          if (subscriber.deliveredHere !== false) void kick(subscriber.name)
      } while (again && !stopping)
    })()
      .catch((error: unknown) => log.error({ error: describe(error) }, 'event fan-out failed'))
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
      unlisten = (await options.listen?.(EVENTS_CHANNEL, () => void pump())) ?? null
      every(pollMs, () => void pump())
      every(HOUR_MS, () =>
        pruneEvents(db, retentionMs).catch((error: unknown) =>
          log.error({ error: describe(error) }, 'pruning handled events failed'),
        ),
      )
      void pump()
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
        await pump()
        if (stopping || !(await hasWaitingWork(db))) return
        if (Date.now() > until) throw new Error('events still waiting after the drain timeout')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    },
  }
}
