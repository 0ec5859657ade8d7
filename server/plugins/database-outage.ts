import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/client'
import { createBusyLog } from '../db/busy-log'
import { createOutageMonitor, hasFreeSpace, type OutageMonitor } from '../db/outage'

declare module 'fastify' {
  interface FastifyInstance {
    /** The database's outage, if one is in progress: logged once, probed until it ends. */
    databaseOutage: OutageMonitor
  }
}

/**
 * Issue 44: a stopped PostgreSQL or a full disk makes every query fail, once a second in the
 * dispatcher and once per request. Each failure reports here; the log says when the outage
 * began and when it ended, once each, and /metrics counts outages.
 *
 * A saturated pool is no outage and never reported here: the pool tells of each connect that
 * timed out with every connection in use, counted in /metrics and logged a line a minute.
 */
export function installDatabaseOutage(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'ping' | 'directory' | 'onPoolBusy'>,
) {
  const monitor = createOutageMonitor({
    log: app.log,
    probe: async (kind) => {
      if (kind === 'disk-full' && database.directory) return hasFreeSpace(database.directory)
      await database.ping()
      return true
    },
    onOutage: (kind) => app.metrics.databaseOutage(kind),
  })
  app.decorate('databaseOutage', monitor)
  const busyLog = createBusyLog(app.log)
  const unwatch = database.onPoolBusy?.((error) => {
    app.metrics.databaseBusy()
    busyLog.report(error)
  })
  app.addHook('onClose', async () => {
    monitor.close()
    unwatch?.()
    busyLog.close()
  })
}
