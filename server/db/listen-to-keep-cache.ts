import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from './client'

/**
 * A process-local cache kept honest by the database's NOTIFYs (ADRs 0022, 0026): `onNotify` runs
 * for each notification on `channel`, this process's own writes first. If the listening
 * connection cannot be opened or drops, a change made elsewhere could go unheard, so the cache
 * is switched off (`disable`) and the app reads the database as if it had none; once the
 * connection listens again (issue 44: within a second or so of the database's return) it is
 * switched back on (`enable`), empty.
 */
export async function listenToKeepCache(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'>,
  cache: {
    name: string
    channel: string
    onNotify: (payload: string) => void
    disable: () => void
    enable: () => void
  },
): Promise<void> {
  try {
    const stop = await database.listen(cache.channel, cache.onNotify, {
      ownWritesFirst: true,
      onLost: () => {
        app.log.warn(
          `${cache.name} cache off: the database connection that listens for changes dropped`,
        )
        cache.disable()
      },
      onRestored: () => {
        cache.enable()
        app.log.info(`${cache.name} cache on again: listening for changes`)
      },
    })
    app.addHook('onClose', stop)
  } catch (error) {
    app.log.warn({ err: error }, `${cache.name} cache off: cannot listen for ${cache.name} changes`)
    cache.disable()
  }
}
