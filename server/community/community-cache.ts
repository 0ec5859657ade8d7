import type { CommunitySettings } from '@contract/community'

/** The channel a settings change NOTIFYs on (community.service.ts), inside its transaction. */
export const COMMUNITY_CHANGED_CHANNEL = 'community_changed'

/**
 * The settings as this process last read them (issue 38): every page, manifest and mail reads
 * them, so no request may cost a query. Forgotten whenever any process commits a change (the
 * NOTIFY mechanism of the feed and session caches, ADRs 0022 and 0026); a read that overlapped
 * a change is not kept, as it may hold what the change replaced. No time limit: the row changes
 * only through an admin's save, which always notifies, and a lost listener disables the cache.
 */
export class CommunityCache {
  private kept: CommunitySettings | undefined
  private generation = 0
  private on = true

  get enabled(): boolean {
    return this.on
  }

  /** Read before the query whose result `keep` may store. */
  version(): number {
    return this.generation
  }

  get(): CommunitySettings | undefined {
    return this.kept
  }

  keep(settings: CommunitySettings, version: number): void {
    if (this.on && version === this.generation) this.kept = settings
  }

  forget(): void {
    this.generation += 1
    this.kept = undefined
  }

  disable(): void {
    this.on = false
    this.forget()
  }

  /** The listener is back (issue 44): keeping again, from nothing. */
  enable(): void {
    this.on = true
    this.forget()
  }
}
