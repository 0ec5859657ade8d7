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

/** Spread into a wire item: `under_review: true` for its author while it is held. */
export function underReview(
  row: { heldAt: Date | null; authorId: string },
  viewer: Pick<Viewer, 'userId'>,
): { under_review?: true } {
  return row.heldAt && row.authorId === viewer.userId ? { under_review: true } : {}
}
