import type { FastifyInstance } from 'fastify'
import type { CommunitySettings } from '@contract/community'
import type { Database, DatabaseHandle } from '../db/client'
import { listenToKeepCache } from '../db/listen-to-keep-cache'
import { COMMUNITY_CHANGED_CHANNEL, CommunityCache } from './community-cache'
import { loadCommunitySettings } from './community.service'

/** The settings every page, manifest, mail and push reads (issue 38). */
export interface CommunitySettingsReader {
  read(): Promise<CommunitySettings>
  /**
   * This process committed a change: forgotten at once, not when its own NOTIFY comes back on
   * the listening connection (on PostgreSQL after the answer, so the admin's next request could
   * still read the old rules).
   */
  forget(): void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The community's settings: every capability after `community` reads its rules here. */
    community: CommunitySettingsReader
  }
}

/**
 * The process's settings, read once and kept until any process commits a change. Reads use
 * the pool itself, never a sync batch's transaction (db/scoped-database.ts): what they keep
 * must be what every other request may see.
 */
export async function createCommunitySettings(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'> & { db: Database },
): Promise<CommunitySettingsReader> {
  const cache = new CommunityCache()
  await listenToKeepCache(app, database, {
    name: 'community',
    channel: COMMUNITY_CHANGED_CHANNEL,
    onNotify: () => cache.forget(),
    disable: () => cache.disable(),
    enable: () => cache.enable(),
  })
  const reader: CommunitySettingsReader = {
    async read() {
      const kept = cache.get()
      if (kept) return kept
      const version = cache.version()
      const settings = await loadCommunitySettings(database.db)
      cache.keep(settings, version)
      return settings
    },
    forget: () => cache.forget(),
  }
  app.decorate('community', reader)
  return reader
}
