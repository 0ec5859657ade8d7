import type { OutageLog } from './outage'

export interface BusyLog {
  /** A connect timed out on a saturated pool (db/busy-pool.ts). */
  report(error: Error): void
  close(): void
}

/**
 * A saturated pool fails every request that waits too long, perhaps hundreds a second: the first
 * timeout is logged at once, the rest counted and logged as one line per `everyMs` while they
 * last. A warning, not an error: the database answers, this process is short of connections.
 */
export function createBusyLog(log: Pick<OutageLog, 'warn'>, everyMs = 60_000): BusyLog {
  let timer: NodeJS.Timeout | null = null
  let since = 0

  function summarize() {
    if (since === 0) {
      if (timer) clearInterval(timer)
      timer = null
      return
    }
    log.warn(
      { timeouts: since, seconds: everyMs / 1000 },
      'database pool still busy: connects kept timing out with every connection in use',
    )
    since = 0
  }

  return {
    report(error) {
      if (timer) {
        since += 1
        return
      }
      log.warn(
        { error: error.message.slice(0, 200) },
        'database pool busy: answering 503 until a connection is free (not a database outage)',
      )
      timer = setInterval(summarize, everyMs)
      timer.unref()
    },
    close() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
