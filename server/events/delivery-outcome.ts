import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import { markFailed, type Delivery } from './deliveries'
import { handlerFor, type Subscriber } from './subscriber'

// Only the first line, cut short: a failed query's message carries its parameters, and those
// may be a member's words, which must not reach the table an operator reads or the log.
// The first line of the error and of its cause: Drizzle's "Failed query: …" says which
// statement (its first line is often empty), the driver's cause says why. Never the params.
export function describeFailure(error: unknown) {
  const line = (at: unknown) => {
    const text = at instanceof Error ? `${at.name}: ${at.message}` : String(at)
    return (text.split('\n')[0] ?? '').slice(0, 200)
  }
  const cause = error instanceof Error && error.cause ? ` (cause: ${line(error.cause)})` : ''
  return `${line(error)}${cause}`
}

export interface DeliveryOutcomes {
  /** True when handled; a failure is scheduled for its retry or parked here. */
  deliver(delivery: Delivery): Promise<boolean>
  /** Schedules a failed delivery's retry, or parks it after its last try. */
  fail(delivery: Delivery, error: unknown): Promise<void>
}

/** What becomes of one delivery in a lane: its handler's run, and its retry or parking. */
export function deliveryOutcomes(options: {
  db: Database
  log: FastifyBaseLogger
  subscribers: readonly Subscriber[]
  retryDelays: readonly number[]
  pollMs: number
  /** Wakes a lane: a backoff shorter than the poll wakes its own. */
  kick: (subscriber: string) => unknown
  observe?: { delivered(lagSeconds: number): void; parked(): void }
}): DeliveryOutcomes {
  const { db, log, subscribers, retryDelays, pollMs, kick, observe } = options

  async function fail(delivery: Delivery, error: unknown) {
    const retryIn = retryDelays[delivery.attempts - 1]
    const facts = {
      eventId: delivery.event.id,
      type: delivery.event.type,
      subscriber: delivery.subscriber,
      attempts: delivery.attempts,
      error: describeFailure(error),
    }
    await markFailed(db, delivery, facts.error, retryIn ?? null)
    // A backoff shorter than the poll wakes its lane itself; a longer one the poll finds.
    if (retryIn !== undefined && retryIn < pollMs) {
      const timer = setTimeout(() => void kick(delivery.subscriber), retryIn)
      timer.unref()
    }
    if (retryIn === undefined) {
      log.error(facts, 'event parked: its subscriber failed every try')
      observe?.parked()
    } else log.warn({ ...facts, retryInMs: retryIn }, 'event subscriber failed; will retry')
  }

  return {
    fail,
    async deliver(delivery) {
      const subscriber = subscribers.find((candidate) => candidate.name === delivery.subscriber)
      const handler = subscriber && handlerFor(subscriber, delivery.event)
      try {
        // A subscriber unknown to this process (a newer version beside it) is retried, then parked.
        if (!handler) throw new Error(`no handler for ${delivery.event.type} here`)
        await handler(delivery.event)
        observe?.delivered((Date.now() - delivery.event.occurredAt.getTime()) / 1000)
        return true
      } catch (error) {
        await fail(delivery, error)
        return false
      }
    },
  }
}
