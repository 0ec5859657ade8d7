import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Comment } from '@contract/comments'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { shownDespiteHold, underReview } from '../reports/held'
import { intentionAuthorName } from '../intentions/intention-view'
import type { IntentionRow } from '../intentions/intention-reads'
import { reportedBy } from '../reports/reported-by'
import { accountName } from '../users/account-name-sql'
import { commentReactionsTable, commentsTable } from './comments.table'
import { outer } from '../db/outer-column'

function viewerReacted(viewer: Viewer, kind: 'like' | 'amen'): SQL<boolean> {
  const r = commentReactionsTable
  return sql<boolean>`exists (select 1 from ${r} where ${r.commentId} = ${outer(commentsTable.id)} and ${r.userId} = ${viewer.userId} and ${r.kind} = ${kind})`
}

// Every per-viewer flag is a correlated EXISTS over a unique index, so a page is one query,
// never one per comment (DESIGN §3).
function viewFields(viewer: Viewer) {
  return {
    row: commentsTable,
    authorDisplayName: accountName(commentsTable.authorId),
    liked: viewerReacted(viewer, 'like'),
    amened: viewerReacted(viewer, 'amen'),
    hasReported: reportedBy('comment', commentsTable.id, viewer.userId),
  }
}

export interface CommentViewContext {
  db: Database
  viewer: Viewer
  now: Date
  intention: IntentionRow
}

/**
 * The live comments of one intention matching `where`, oldest first (a thread reads top to
 * bottom; "Load more" under the list brings the next ones).
 *
 * The prayer's author (OP) is named exactly as the prayer card names them: 'Anonymous' on an
 * anonymous prayer, the real name on a real-name one. Their own display name would unmask an
 * anonymous author, or tie a real name to a public pseudonym. `is_op` stays true: it says the
 * requester answered, which the masked name cannot betray. No author id is ever sent.
 */
export async function selectCommentViews(
  context: CommentViewContext,
  where: SQL | undefined,
  limit: number,
): Promise<Comment[]> {
  const { db, viewer, intention } = context
  const rows = await db
    .select(viewFields(viewer))
    .from(commentsTable)
    .where(
      and(
        eq(commentsTable.intentionId, intention.id),
        isNull(commentsTable.removedAt),
        shownDespiteHold(commentsTable, viewer),
        where,
      ),
    )
    .orderBy(asc(commentsTable.createdAt), asc(commentsTable.id))
    .limit(limit)
  const byOp = rows.some((view) => view.row.authorId === intention.authorId)
  // The intentions capability holds the one naming rule; asked only when the OP is on this page.
  const opName = byOp ? await intentionAuthorName(db, intention) : ''
  return rows.map(({ row, ...view }) => {
    const isOp = row.authorId === intention.authorId
    return {
      comment_id: row.id,
      content: row.content,
      author_display_name: isOp ? opName : view.authorDisplayName,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      likes: row.likesCount,
      amens: row.amensCount,
      liked: view.liked,
      amened: view.amened,
      has_reported: view.hasReported,
      isYou: row.authorId === viewer.userId,
      is_op: isOp,
      ...underReview(row, viewer),
    }
  })
}

/** One comment the caller has just written or checked. */
export async function loadCommentView(
  context: CommentViewContext,
  commentId: string,
): Promise<Comment> {
  const [view] = await selectCommentViews(context, eq(commentsTable.id, commentId), 1)
  return view!
}
