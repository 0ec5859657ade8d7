import pg from 'pg'
import { POOL_BUSY } from './outage'

/**
 * A connect that waited its whole timeout while every connection of the pool was checked out:
 * the database answers, this process has more work than connections (db/outage.ts's 'busy').
 */
export class PoolBusyError extends Error {
  readonly code = POOL_BUSY

  constructor(cause: Error, max: number, waitedMs: number) {
    super(`all ${max} pooled connections stayed in use for ${waitedMs} ms (${cause.message})`, {
      cause,
    })
    this.name = 'PoolBusyError'
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void

// pg-pool's only words for a waiter whose connectionTimeoutMillis ran out in its queue. A new
// connection that is not opened in time fails otherwise ("Connection terminated due to
// connection timeout"), but a waiter queued behind connections still being opened to a database
// that does not answer gets these words too: only the count of checked-out connections tells.
const QUEUE_TIMEOUT = 'timeout exceeded when trying to connect'

export interface BusyAwarePoolConfig extends pg.PoolConfig {
  /**
   * Runs on a connection before each hand-out, when it has something to do first (undefined
   * when not: no wait); if it fails, the connection is dropped and the connect fails.
   */
  beforeHandOut?: (client: pg.PoolClient) => Promise<void> | undefined
}

/**
 * node-postgres' pool, telling a saturated pool from an unreachable database at the moment a
 * connect times out: saturated when `max` connections are checked out (so none is idle, and none
 * is still connecting). Its connect — which `query` uses too — then fails with a PoolBusyError,
 * passed to each `busy` listener first.
 */
export class BusyAwarePool extends pg.Pool {
  readonly busy = new Set<(error: PoolBusyError) => void>()
  // 'acquire' comes once a connection is open (and onConnect has run) and handed out; 'release'
  // when it is given back, kept or dropped.
  readonly #checkedOut = new Set<pg.PoolClient>()
  readonly #beforeHandOut: BusyAwarePoolConfig['beforeHandOut']

  constructor({ beforeHandOut, ...config }: BusyAwarePoolConfig) {
    super(config)
    this.#beforeHandOut = beforeHandOut
    this.on('acquire', (client) => this.#checkedOut.add(client))
    this.on('release', (_error, client) => this.#checkedOut.delete(client))
  }

  override connect(): Promise<pg.PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) {
      return new Promise((resolve, reject) => {
        this.connect((error, client) => (error || !client ? reject(error) : resolve(client)))
      })
    }
    super.connect((error, client, done) => {
      const pending = client && !error ? this.#beforeHandOut?.(client) : undefined
      if (!pending) return callback(this.#classify(error), client, done)
      pending.then(
        () => callback(undefined, client, done),
        (failure: Error) => {
          done(failure)
          callback(failure, undefined, () => {})
        },
      )
    })
  }

  // Called from pg-pool's timer, so the counts are those of the moment the wait ran out.
  #classify(error: Error | undefined): Error | undefined {
    if (error?.message !== QUEUE_TIMEOUT) return error
    const max = this.options.max
    if (this.#checkedOut.size < max || this.idleCount > 0) return error
    const busy = new PoolBusyError(error, max, this.options.connectionTimeoutMillis ?? 0)
    for (const listener of this.busy) listener(busy)
    return busy
  }
}
