import fp from 'fastify-plugin'
import type { DatabaseHandle } from '../db/client'
import { createDispatcher, type Dispatcher } from './dispatcher'

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
    const dispatcher = createDispatcher({
      db: app.deps.db,
      log: app.log,
      listen: (channel, onNotify) => database.listen(channel, onNotify),
      ...(retryDelaysMs ? { retryDelaysMs } : {}),
    })
    app.decorate('events', dispatcher)
    if (!app.deps.config.eventDispatch) return
    app.addHook('onReady', () => dispatcher.start())
    app.addHook('preClose', () => dispatcher.stop())
  },
  { name: 'events' },
)
