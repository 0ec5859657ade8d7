import type { FastifyInstance } from 'fastify'
import type { CommunityIcons } from '@contract/community-logo'
import type { Database, DatabaseHandle } from '../db/client'
import { listenToKeepCache } from '../db/listen-to-keep-cache'
import { COMMUNITY_CHANGED_CHANNEL } from './community-cache'
import { loadCommunityIcons } from './community-logo.service'

/** The icon set the manifest, index.html and every push name (issue 38). */
export interface CommunityIconsReader {
  read(): Promise<CommunityIcons>
  /**
   * This process committed a new logo: forgotten at once, not when its own NOTIFY comes back
   * (on PostgreSQL after the answer, so the admin's next page could still name the old icons),
   * as the settings do (community-settings.ts).
   */
  forget(): void
}

/**
 * Kept per process like the settings (community-settings.ts), forgotten on the same NOTIFY: a
 * logo upload sends it, so every process names the new icons from its next read on. A read that
 * overlapped a change is not kept.
 */
export async function createCommunityIcons(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'listen'> & { db: Database },
): Promise<CommunityIconsReader> {
  let kept: CommunityIcons | undefined
  let generation = 0
  let enabled = true
  const forget = () => {
    generation += 1
    kept = undefined
  }
  await listenToKeepCache(app, database, {
    name: 'community icons',
    channel: COMMUNITY_CHANGED_CHANNEL,
    onNotify: forget,
    disable: () => {
      enabled = false
      kept = undefined
    },
    enable: () => {
      generation += 1
      enabled = true
      kept = undefined
    },
  })
  return {
    async read() {
      if (kept) return kept
      const before = generation
      const icons = await loadCommunityIcons(database.db)
      if (enabled && before === generation) kept = icons
      return icons
    },
    forget,
  }
}
