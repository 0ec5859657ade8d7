import { createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBusyLog } from './busy-log'
import { BusyAwarePool, PoolBusyError } from './busy-pool'
import { outageKind } from './outage'

// Drizzle wraps a driver's error as its `cause`.
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause })
const coded = (message: string, code: string) => Object.assign(new Error(message), { code })
const queueTimeout = () => new Error('timeout exceeded when trying to connect')

describe('outageKind', () => {
  it('classes a saturated pool as busy, wrapped or not, and by its code alone', () => {
    const busy = new PoolBusyError(queueTimeout(), 10, 5_000)
    expect(outageKind(busy)).toBe('busy')
    expect(outageKind(wrapped(busy))).toBe('busy')
    // search.routes.ts passes on only the code.
    expect(outageKind(coded('a search statement failed', 'POOL_BUSY'))).toBe('busy')
  })

  it('classes a database that does not answer as unavailable', () => {
    expect(outageKind(wrapped(queueTimeout()))).toBe('unavailable')
    expect(outageKind(new Error('Connection terminated due to connection timeout'))).toBe(
      'unavailable',
    )
    expect(outageKind(wrapped(coded('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED')))).toBe(
      'unavailable',
    )
    expect(outageKind(coded('the database system is shutting down', '57P03'))).toBe('unavailable')
  })

  it('classes a full disk, and leaves any other failure alone', () => {
    expect(outageKind(coded('could not extend file', '53100'))).toBe('disk-full')
    expect(outageKind(wrapped(coded('duplicate key', '23505')))).toBeNull()
    expect(outageKind(new Error('boom'))).toBeNull()
  })
})

// No PostgreSQL needed: what the pool says when no database answers at all.
describe('BusyAwarePool against an unreachable database', () => {
  let silent: Server | null = null
  // Every connection the silent server took, destroyed after it stops accepting: the pool may
  // open one more after the test's last look, and close() waits for all of them to end.
  const sockets = new Set<Socket>()
  afterEach(async () => {
    const closed = new Promise((resolve) => (silent ? silent.close(resolve) : resolve(null)))
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    await closed
    silent = null
  })

  async function portOf(server: Server) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as { port: number }).port
  }

  it('says unavailable for a closed port', async () => {
    const closed = createServer()
    const port = await portOf(closed)
    await new Promise((resolve) => closed.close(resolve))
    const pool = new BusyAwarePool({
      connectionString: `postgres://postgres@127.0.0.1:${port}/none`,
      max: 1,
      connectionTimeoutMillis: 300,
    })
    pool.on('error', () => {})
    const failures = await Promise.all(
      [pool.query('select 1'), pool.query('select 1')].map((query) =>
        query.then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    )
    expect(failures.map(outageKind)).toEqual(['unavailable', 'unavailable'])
    await pool.end()
  })

  it('says unavailable, not busy, for a waiter queued behind a connection still opening', async () => {
    // Takes connections and never answers: the first query's connection times out opening;
    // the second waits in the queue of a full pool and gets pg-pool's "timeout exceeded".
    silent = createServer((socket) => sockets.add(socket))
    const port = await portOf(silent)
    const pool = new BusyAwarePool({
      connectionString: `postgres://postgres@127.0.0.1:${port}/none`,
      max: 1,
      connectionTimeoutMillis: 300,
    })
    pool.on('error', () => {})
    const busy = vi.fn()
    pool.busy.add(busy)
    const failures = await Promise.all(
      [pool.query('select 1'), pool.query('select 1')].map((query) =>
        query.then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    )
    expect(failures.map((error) => (error as Error).message)).toEqual([
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
    ])
    expect(failures.map(outageKind)).toEqual(['unavailable', 'unavailable'])
    expect(busy).not.toHaveBeenCalled()
    for (const socket of sockets) socket.destroy()
    await pool.end()
  })
})

describe('createBusyLog', () => {
  afterEach(() => void vi.useRealTimers())

  it('logs the first timeout at once, then one line a minute while they last', () => {
    vi.useFakeTimers()
    const log = { warn: vi.fn() }
    const busyLog = createBusyLog(log)
    const error = new PoolBusyError(queueTimeout(), 10, 5_000)
    for (let request = 0; request < 50; request += 1) busyLog.report(error)
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(log.warn.mock.calls[0]?.[1]).toMatch(/^database pool busy/)
    vi.advanceTimersByTime(60_000)
    expect(log.warn).toHaveBeenCalledTimes(2)
    expect(log.warn.mock.calls[1]?.[0]).toMatchObject({ timeouts: 49 })
    // A quiet minute ends the spell; the next timeout is a first one again.
    vi.advanceTimersByTime(60_000)
    expect(log.warn).toHaveBeenCalledTimes(2)
    busyLog.report(error)
    expect(log.warn).toHaveBeenCalledTimes(3)
    expect(log.warn.mock.calls[2]?.[1]).toMatch(/^database pool busy/)
    busyLog.close()
  })
})
