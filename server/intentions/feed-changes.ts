import type { FastifyInstance } from 'fastify'
import type { DatabaseHandle } from '../db/client'
import { listenToKeepCache } from '../db/listen-to-keep-cache'
import { FEED_CHANGED_CHANNEL, FeedCache, SCOPE_CHANGED } from './feed-cache'

/**
 * The process's feed cache, emptied whenever any process commits a change to a table a feed
 * page reads (migration 0017's triggers, ADR 0026). The database is the channel, with or
 * without Redis: it notifies at commit, so a reader elsewhere cannot re-cache what a write is
 * replacing before the write is visible, and the process that wrote hears it before its write
 * resolves (ListenOptions.ownWritesFirst): its member's next read already shows the change.
 */
export async function createFeedCache(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'>,
): Promise<FeedCache> {
  const cache = new FeedCache()
  await listenToKeepCache(app, database, {
    name: 'feed',
    channel: FEED_CHANGED_CHANNEL,
    onNotify: (payload) => (payload === SCOPE_CHANGED ? cache.forgetScopes() : cache.forget()),
    disable: () => cache.disable(),
    enable: () => cache.enable(),
  })
  return cache
}
