import { and, eq, isNull } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import { isModeratorViewer, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { httpError } from '../errors/problem-error'
import { commentsTable } from './comments.table'

// Spec 001 §8 wording of the comment edit/delete 404 and 423; the server sends the same text.
export const COMMENT_NOT_FOUND = 'This comment is no longer available.'
export const COMMENTS_CLOSED = 'Comments are closed on this intention.'
export const STALE_COMMENT = 'Updated elsewhere—reload and try again.'

export type CommentRow = typeof commentsTable.$inferSelect

/**
 * A live comment of this intention, or 404. A removed comment is gone for every write and
 * every reader (moderators keep it in the database for audit, DESIGN §3); a comment id under
 * another intention is 404 too, so the intention's visibility check cannot be bypassed.
 */
export async function findLiveComment(
  db: Database,
  intentionId: string,
  commentId: string,
): Promise<CommentRow> {
  const [row] = await db
    .select()
    .from(commentsTable)
    .where(
      and(
        eq(commentsTable.id, commentId),
        eq(commentsTable.intentionId, intentionId),
        isNull(commentsTable.removedAt),
      ),
    )
  if (!row) throw httpError(404, ErrorCode.notFound, COMMENT_NOT_FOUND)
  return row
}

/** Spec 001 §6: the comment's author or a moderator edits and deletes; the prayer's owner does not. */
export function assertCanChangeComment(
  viewer: Viewer,
  comment: CommentRow,
  action: 'edit' | 'delete',
) {
  if (comment.authorId === viewer.userId || isModeratorViewer(viewer)) return
  throw httpError(403, ErrorCode.forbidden, `You don't have permission to ${action} this comment.`)
}
