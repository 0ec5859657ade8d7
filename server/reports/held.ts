import { eq, isNull, or, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Viewer, ViewerId } from '../auth/viewer'

// Auto-hold (issue 8): an item reported by enough distinct members leaves every feed and list
// until a moderator reviews it, except for its author, who sees it marked "under review".
// Moderators find it in the queue, like removed content (ADR 0005).

/** SQL: not held, or held but the viewer wrote it. */
export function shownDespiteHold(
  columns: { heldAt: AnyColumn; authorId: AnyColumn },
  viewer: { userId: ViewerId },
): SQL {
  return or(isNull(columns.heldAt), eq(columns.authorId, viewer.userId))!
}

/**
 * Spread into a wire item: `under_review: true` for its author while it is held, and
 * `waiting_for_review: true` when it was held the moment it was posted. Only the publish rule
 * holds a post in its creating transaction (issue 38, `heldAt` = `createdAt`); reports hold one
 * later, once others have seen it.
 */
export function underReview(
  row: { heldAt: Date | null; createdAt: Date; authorId: string },
  viewer: Pick<Viewer, 'userId'>,
): { under_review?: true; waiting_for_review?: true } {
  if (!row.heldAt || row.authorId !== viewer.userId) return {}
  return row.heldAt.getTime() === row.createdAt.getTime()
    ? { under_review: true, waiting_for_review: true }
    : { under_review: true }
}
