import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Lets a member's work go before the events' subscribers where they would only slow it down.
 * On the embedded database (PGlite: one connection, one thread) every statement waits for the
 * one before it, so subscribers run while a member's outbox drains do the same work as after it,
 * but stretch the drain by a third (issue 19, `bench:sync` with EVENT_DISPATCH=off). While
 * foreground work runs, and for `graceMs` after it (a drain's next batch follows within
 * milliseconds), the dispatcher waits before it claims more deliveries; never longer than
 * `maxWaitMs` at a time, so a stream of batches cannot hold other members' notifications back.
 */
export interface Foreground {
  /** Runs `work`; the dispatcher waits for it (and the grace after it) before its next step. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Resolves once no foreground work has run for the grace period, or after `maxWaitMs`. */
  yielded(): Promise<void>
}

/** For PostgreSQL: subscribers use other connections, so nothing waits. */
export const noForeground: Foreground = {
  run: (work) => work(),
  yielded: () => Promise.resolve(),
}

export function createForeground({
  graceMs = 200,
  maxWaitMs = 5_000,
  pollMs = 20,
  now = Date.now,
}: { graceMs?: number; maxWaitMs?: number; pollMs?: number; now?: () => number } = {}): Foreground {
  let running = 0
  let endedAt = Number.NEGATIVE_INFINITY
  const quiet = () => running === 0 && now() - endedAt >= graceMs

  return {
    async run(work) {
      running += 1
      try {
        return await work()
      } finally {
        running -= 1
        endedAt = now()
      }
    },
    async yielded() {
      const giveUpAt = now() + maxWaitMs
      while (!quiet() && now() < giveUpAt) await sleep(pollMs)
    },
  }
}
