import type { SessionRow } from './sessions'

/** The channel the 0015 triggers NOTIFY on, with the user id, when a viewer may have changed. */
export const VIEWER_CHANGED_CHANNEL = 'viewer_changed'

// Short: a bound on staleness should a notification ever be missed without the listener
// noticing; with notifications working, a change is honoured at once (ADR 0022).
const TTL_MS = 10_000
const MAX_ENTRIES = 10_000

interface Entry {
  row: SessionRow
  cachedAt: number
}

/**
 * Session rows by token hash, kept for a few seconds so a signed-in request costs no query
 * (issue 22). Entries go as soon as their user changes: `forgetUser` (a NOTIFY from any process)
 * and `clear` (a write in this process). A lookup that overlapped a change is not stored: it
 * may have read the row from before the change.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>()
  private generation = 0
  private enabled = true

  /** Read before the query; `set` stores the row only if nothing changed meanwhile. */
  version(): number {
    return this.generation
  }

  get(tokenHash: string, now: Date): SessionRow | undefined {
    const entry = this.entries.get(tokenHash)
    if (!entry) return undefined
    const at = now.getTime()
    if (at - entry.cachedAt > TTL_MS || entry.row.expiresAt.getTime() <= at) {
      this.entries.delete(tokenHash)
      return undefined
    }
    return entry.row
  }

  set(tokenHash: string, row: SessionRow, now: Date, version: number): void {
    if (!this.enabled || version !== this.generation) return
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(tokenHash, { row, cachedAt: now.getTime() })
  }

  forgetUser(userId: string): void {
    this.generation += 1
    for (const [tokenHash, entry] of this.entries)
      if (entry.row.userId === userId) this.entries.delete(tokenHash)
  }

  clear(): void {
    this.generation += 1
    this.entries.clear()
  }

  /** Without notifications a cached row could outlive a sign-out elsewhere: stop caching. */
  disable(): void {
    this.enabled = false
    this.clear()
  }

  /** The listener is back (issue 44): caching again, from nothing, as changes may have been missed. */
  enable(): void {
    this.enabled = true
    this.clear()
  }
}
