import fp from 'fastify-plugin'
import type { DatabaseHandle } from '../db/client'
import { outsideTransaction } from '../db/scoped-database'
import { createDispatcher, type Dispatcher } from './dispatcher'
import { parkedCount } from './event-health'
import { createForeground, noForeground } from './foreground'

declare module 'fastify' {
  interface FastifyInstance {
    /** Capabilities subscribe here while the app is built; delivery starts when it is ready. */
    events: Dispatcher
  }
}

/**
 * The domain events' dispatcher (docs/events.md). Register before every capability that
 * subscribes. It stops first on close (preClose): the delivery in hand finishes, unstarted
 * leases are handed back, and only then do the hub and the database go.
 */
export const eventsPlugin = fp<{ database: DatabaseHandle; retryDelaysMs?: readonly number[] }>(
  async (app, { database, retryDelaysMs }) => {
    const { db } = app.deps
    const countParked = () =>
      parkedCount(db)
        .then((count) => app.metrics.parkedEvents(count))
        .catch((error: unknown) => app.log.warn({ err: error }, 'counting parked events failed'))
    const dispatcher = createDispatcher({
      db,
      // `component`: tests fail on this logger's errors (tests/helpers/logged-errors.ts).
      log: app.log.child({ component: 'events' }),
      observe: {
        delivered: (lagSeconds) => app.metrics.eventDispatched(lagSeconds),
        parked: () => void countParked(),
      },
      // PGlite calls it from within whichever query read the NOTIFY, maybe a sync batch's.
      listen: (channel, onNotify) =>
        database.listen(channel, (payload) => outsideTransaction(() => onNotify(payload))),
      // One connection: a sync batch goes first (foreground.ts). PostgreSQL runs both at once.
      foreground: database.driver === 'pglite' ? createForeground() : noForeground,
      // Issue 44: PGlite is one process's; PostgreSQL's leases are short and renewed.
      exclusive: database.driver === 'pglite',
      outage: app.databaseOutage,
      ...(retryDelaysMs ? { retryDelaysMs } : {}),
    })
    app.decorate('events', dispatcher)
    if (!app.deps.config.eventDispatch) return
    app.addHook('onReady', async () => {
      await countParked()
      await dispatcher.start()
    })
    app.addHook('preClose', () => dispatcher.stop())
  },
  { name: 'events', dependencies: ['metrics'] },
)
