import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'

/** A post just inserted, in the transaction that inserts it. */
export interface NewPost {
  type: 'intention' | 'comment' | 'testimony'
  id: string
  /** The private group it was posted in (a comment: its prayer's), or null on the public wall. */
  groupId: string | null
}

/**
 * The community's `publish` rule (issue 38, docs/community.md "How posts are published"): a new
 * public post may wait for a moderator's approval before anyone but its author sees it. The
 * wall's capabilities ask for it; moderation, which owns the queue and sits above them,
 * implements it (`server/moderation/publish-rule.ts`) and app.ts hands it to their routes
 * (docs/architecture.md: a port).
 */
export interface PublishHold {
  /**
   * The rule for a post `viewer` is about to make. Asked before the post's transaction: the
   * settings come from the process's cache, and filling it inside a transaction would wait on
   * that very transaction on PGlite's one connection.
   */
  ruleFor(viewer: Viewer): Promise<HoldRule>
}

export interface HoldRule {
  /**
   * In the post's transaction, after its insert: holds it (its `heldAt` is its creation time)
   * and queues it for review when the rule says so; true when it did. The caller records its
   * creation event with `held`, so that no one hears of the post before a moderator approves it.
   */
  holdIfDue(tx: Database, input: { post: NewPost; now: Date }): Promise<boolean>
}
