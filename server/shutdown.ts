import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { App } from './app'
import type { DatabaseHandle } from './db/client'

// What is left after the drain for the hooks (backplane, Redis) and the database: the whole
// shutdown stays under the 10 s a container runtime or systemd waits before SIGKILL.
const AFTER_DRAIN_MS = 1_500

/**
 * SIGTERM (docs/operations.md): stop accepting connections, answer new requests on open ones
 * 503 + Retry-After (plugins/draining.ts), close hub connections so clients reconnect elsewhere
 * (realtime preClose), let in-flight requests finish for `drainMs`, then cut what is still open
 * (their clients retry with the same Idempotency-Key) and close the database.
 */
export async function shutDown(options: {
  app: App
  database: Pick<DatabaseHandle, 'close'>
  drainMs: number
  logger: FastifyBaseLogger
}) {
  const { app, database, drainMs, logger } = options
  const closed = app.close()
  // server.close() ends only the connections idle at that moment; those whose answer was on its
  // way become idle just after and would hold the shutdown for the keep-alive timeout (72 s).
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100)
  const drained = await Promise.race([closed.then(() => true), delay(drainMs, false)])
  clearInterval(reaper)
  if (!drained) {
    logger.warn({ drainMs }, 'requests still in flight after the drain; closing their connections')
    app.server.closeAllConnections()
    await Promise.race([closed, delay(AFTER_DRAIN_MS)])
  }
  await database.close()
}

/**
 * An embedded database whose backend faulted answers nothing more (db/pglite-faults.ts): the
 * process stops with code 1 within `boundMs`, for its supervisor to restart it (compose's
 * unless-stopped, systemd's on-failure); the data directory's WAL replays what was committed.
 */
export function exitOnDatabaseFault(options: {
  app: App
  database: Pick<DatabaseHandle, 'close' | 'onFault'>
  logger: FastifyBaseLogger
  exit?: (code: number) => void
  boundMs?: number
}) {
  const { app, database, logger, exit = (code) => process.exit(code), boundMs = 5_000 } = options
  database.onFault?.((err) => {
    logger.fatal({ err }, 'the embedded database faulted and can answer nothing more: exiting')
    const stopped = shutDown({ app, database, drainMs: 0, logger }).catch(() => {})
    void Promise.race([stopped, delay(boundMs)]).finally(() => exit(1))
  })
}
