import type { SharedViewRow } from './intention-view'

/** The channel migration 0017's triggers NOTIFY on when a table a feed page reads changes. */
export const FEED_CHANGED_CHANNEL = 'feed_changed'
/** The payload of a change that may move a viewer's scope too (group members, held cards). */
export const SCOPE_CHANGED = 'scope'

// A backstop only: with notifications working, a change empties the cache at its commit
// (ADR 0026). Bounded so that a missed notification the listener did not notice cannot keep a
// page for long.
const TTL_MS = 30_000
const MAX_PAGES = 5_000
const MAX_SCOPES = 20_000
// A sent page is about 10 kB: at most some 20 MB of them.
const MAX_BODIES = 2_000

/** What decides which cards a viewer may see in the wall's feed (intention-feed.ts). */
export interface ViewerScope {
  /** The viewer's groups' ids, sorted, joined by commas: their private cards are theirs. */
  groups: string
  /** The viewer has a card on hold: only they see it, so their pages are not shared. */
  ownHeld: boolean
}

class Kept<V> {
  private readonly entries = new Map<string, { value: V; cachedAt: number }>()

  constructor(private readonly max: number) {}

  get(key: string, at: number): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (at - entry.cachedAt > TTL_MS) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V, at: number): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { value, cachedAt: at })
  }

  clear(): void {
    this.entries.clear()
  }
}

/**
 * The wall's feed pages as every viewer with the same scope sees them, each viewer's scope,
 * and the pages as last sent to each viewer (issue 22, ADR 0026). One per process; `forget` empties it
 * whenever any process commits a change to what a page reads (feed-changes.ts). A read that
 * overlapped a change is not stored: it may hold what the change replaced.
 */
export class FeedCache {
  private readonly pages = new Kept<SharedViewRow[]>(MAX_PAGES)
  private readonly scopes = new Kept<ViewerScope>(MAX_SCOPES)
  private readonly bodies = new Kept<string>(MAX_BODIES)
  private generation = 0
  private on = true

  constructor(private readonly clock: () => number = Date.now) {}

  get enabled(): boolean {
    return this.on
  }

  /** Read before the queries whose results `keepPage`/`keepScope` may store. */
  version(): number {
    return this.generation
  }

  page(key: string): SharedViewRow[] | undefined {
    return this.pages.get(key, this.clock())
  }

  scope(viewerId: string): ViewerScope | undefined {
    return this.scopes.get(viewerId, this.clock())
  }

  /**
   * A page as sent to one viewer, serialised (after the route's schema check). `key` names the
   * viewer, the page and the UTC day (has_prayed is "prayed today").
   */
  body(key: string): string | undefined {
    return this.bodies.get(key, this.clock())
  }

  keepBody(key: string, body: string, version: number): void {
    if (this.on && version === this.generation) this.bodies.set(key, body, this.clock())
  }

  keepPage(key: string, rows: SharedViewRow[], version: number): void {
    if (this.on && version === this.generation) this.pages.set(key, rows, this.clock())
  }

  keepScope(viewerId: string, scope: ViewerScope, version: number): void {
    if (this.on && version === this.generation) this.scopes.set(viewerId, scope, this.clock())
  }

  /**
   * After a change to what pages show. Viewers' scopes stay: a count, a comment or a new card
   * moves no one's groups (the busiest writes, so a busy wall does not read every scope again).
   */
  forget(): void {
    this.generation += 1
    this.pages.clear()
    this.bodies.clear()
  }

  /** After a change that may move a viewer's scope too: group members, a card held or freed. */
  forgetScopes(): void {
    this.scopes.clear()
    this.forget()
  }

  /** Without notifications a page could outlive a change made elsewhere: stop caching. */
  disable(): void {
    this.on = false
    this.forgetScopes()
  }

  /** The listener is back (issue 44): caching again, from nothing, as changes may have been missed. */
  enable(): void {
    this.on = true
    this.forgetScopes()
  }
}
