import { statfs } from 'node:fs/promises'

/**
 * What a failed query says about the database itself rather than about the query: it is not
 * answering (stopped, restarting, unreachable, out of connections), or its disk is full. Both
 * pass by themselves; a member is told to try again (503, 507), never "something went wrong".
 */
export type OutageKind = 'unavailable' | 'disk-full'

/**
 * An outage, or 'busy': the database answers, but every connection of this process's pool stayed
 * checked out for the whole connect timeout (db/busy-pool.ts). Answered 503 like an outage, it is
 * no outage: never reported to the monitor, counted and logged apart (plugins/database-outage.ts).
 */
export type DatabaseFailure = OutageKind | 'busy'

/** The `code` of db/busy-pool.ts's PoolBusyError (no SQLSTATE says "this pool is saturated"). */
export const POOL_BUSY = 'POOL_BUSY'

// PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shut down, crashed,
// starting), 53300 (too many connections); 53100 is disk_full.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])
const UNAVAILABLE_SYSCALLS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
// node-postgres says these in words only (no code). A pool's "timeout exceeded" comes here only
// when it was not saturated (its connections were still being opened): busy-pool.ts.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client has encountered a connection error/,
]

function kindOf(error: unknown): DatabaseFailure | null {
  if (!error || typeof error !== 'object') return null
  const code = 'code' in error && typeof error.code === 'string' ? error.code : ''
  const message = error instanceof Error ? error.message : ''
  if (code === POOL_BUSY) return 'busy'
  if (code === '53100' || code === 'ENOSPC' || /No space left on device/i.test(message))
    return 'disk-full'
  if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_SYSCALLS.has(code))
    return 'unavailable'
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable'
  return null
}

/**
 * The outage (or saturated pool) a failed query reveals, looking through Drizzle's wrapping
 * (`cause`), or null.
 */
export function outageKind(error: unknown): DatabaseFailure | null {
  for (let at = error, depth = 0; at && depth < 5; depth += 1) {
    const kind = kindOf(at)
    if (kind) return kind
    at = at instanceof Error ? at.cause : null
  }
  return null
}

export interface OutageLog {
  warn(facts: object, message: string): void
  error(facts: object, message: string): void
  info(facts: object, message: string): void
}

export interface OutageMonitor {
  /**
   * A query failed for `kind`: the first report of an outage is logged, the rest only counted
   * until the probe finds the database back (logged once more, with how long it was away).
   */
  report(kind: OutageKind, error: unknown): void
  /** The outage in progress, if any (readiness, the 503/507's wording). */
  readonly current: OutageKind | null
  close(): void
}

export interface OutageMonitorOptions {
  log: OutageLog
  /** Resolves true once the database answers again (`select 1`; free space for a full disk). */
  probe: (kind: OutageKind) => Promise<boolean>
  probeEveryMs?: number
  /** Counts outages for /metrics. */
  onOutage?: (kind: OutageKind) => void
}

function firstLine(error: unknown) {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return (text.split('\n')[0] ?? '').slice(0, 200)
}

export function createOutageMonitor(options: OutageMonitorOptions): OutageMonitor {
  const probeEveryMs = options.probeEveryMs ?? 1_000
  let current: OutageKind | null = null
  let since = 0
  let failures = 0
  let timer: NodeJS.Timeout | null = null
  let probing = false

  async function probe() {
    if (probing || !current) return
    probing = true
    try {
      if (!(await options.probe(current).catch(() => false)) || !current) return
      options.log.info(
        { outage: current, seconds: Math.round((Date.now() - since) / 100) / 10, failures },
        current === 'disk-full' ? 'database disk has space again' : 'database answers again',
      )
      current = null
      if (timer) clearInterval(timer)
      timer = null
    } finally {
      probing = false
    }
  }

  return {
    get current() {
      return current
    },
    report(kind, error) {
      if (current === kind) {
        failures += 1
        return
      }
      current = kind
      since = Date.now()
      failures = 1
      options.onOutage?.(kind)
      options.log.error(
        { outage: kind, error: firstLine(error) },
        kind === 'disk-full'
          ? 'database disk is full: writes are refused until space is freed'
          : 'database unavailable: answering 503 until it is back',
      )
      if (!timer) {
        timer = setInterval(() => void probe(), probeEveryMs)
        timer.unref()
      }
    },
    close() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}

/** The probe for a full disk: at least `minBytes` free where the data directory lives. */
export async function hasFreeSpace(directory: string, minBytes = 16 * 1024 * 1024) {
  const stats = await statfs(directory)
  return stats.bavail * stats.bsize >= minBytes
}
