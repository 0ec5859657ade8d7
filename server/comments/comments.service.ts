import { and, eq, isNull, sql } from 'drizzle-orm'
import type {
  CommentBody,
  CommentPage,
  CommentUpdateBody,
  CommentWriteResponse,
} from '@contract/comments'
import { ErrorCode } from '@contract/errors'
import type { CursorPosition } from '@contract/pagination'
import { actorOf, isModeratorViewer, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { keysetPage } from '../db/keyset-page'
import { enforceContentPolicy } from '../content-policy/content-check'
import { recordEvent } from '../events/record-event'
import { countMemberWrite } from '../rate-limit/write-limits'
import {
  assertCanRespondToIntention,
  assertCanSeeIntention,
  INTENTION_NOT_FOUND,
  isIntentionClosed,
} from '../intentions/intention-access'
import { moveCommentsCount } from '../intentions/comments-count'
import type { WriteContext } from '../auth/route-context'
import { httpError } from '../errors/problem-error'
import type { PublishHold } from '../reports/publish-hold'
import {
  assertCanChangeComment,
  COMMENTS_CLOSED,
  findLiveComment,
  STALE_COMMENT,
} from './comment-access'
import { loadCommentView, selectCommentViews } from './comment-view'
import { commentsTable } from './comments.table'

interface ReadContext {
  db: Database
  viewer: Viewer
  now: Date
}

/** GET /api/v1/intentions/{id}/comments?cursor&limit. */
export async function listComments(
  context: ReadContext,
  intentionId: string,
  query: { cursor?: CursorPosition | undefined; limit: number },
): Promise<CommentPage> {
  const intention = await assertCanSeeIntention({ ...context, intentionId })
  // Oldest first, so the keyset runs forward: a comment posted between two loads sorts after
  // every cursor already handed out and shows up at the end, never repeated nor skipped.
  const keyset = keysetPage({ ...query, order: 'oldest-first' })
  const rows = await selectCommentViews(
    { ...context, intention },
    keyset.after(commentsTable.createdAt, commentsTable.id),
    keyset.take,
  )
  const { items, nextCursor } = keyset.page(rows, (row) => ({
    createdAt: row.created_at,
    id: row.comment_id,
  }))
  return { items, next_cursor: nextCursor }
}

/**
 * POST /api/v1/intentions/{id}/comments: the route already required a verified email (spec
 * 001 §6). Closed prayers answer 423; a crisis signal still posts and carries `support`. A
 * comment on a public request may wait for review first (the publish rule, issue 38).
 */
export async function createComment(
  ctx: WriteContext & { publishHold: PublishHold },
  intentionId: string,
  body: CommentBody,
): Promise<CommentWriteResponse> {
  const { db, viewer, now } = ctx
  const intention = await assertCanRespondToIntention({ db, viewer, intentionId })
  const { support } = enforceContentPolicy(ctx.contentPolicy, [body.content])
  const publishRule = await ctx.publishHold.ruleFor(viewer)
  const id = await db.transaction(async (tx) => {
    await countMemberWrite(tx, { userId: viewer.userId, kind: 'comment', now })
    const [row] = await tx
      .insert(commentsTable)
      .values({
        intentionId,
        authorId: viewer.userId,
        content: body.content,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: commentsTable.id })
    await moveCommentsCount(tx, intentionId, 1)
    // A held comment leaves the count again (moderation-targets.ts holdTarget).
    const post = { type: 'comment', id: row!.id, groupId: intention.groupId } as const
    const held = await publishRule.holdIfDue(tx, { post, now })
    await recordEvent(
      tx,
      {
        type: 'CommentPosted',
        payload: {
          commentId: row!.id,
          intentionId,
          actor: actorOf(viewer),
          crisis: support !== undefined,
          held,
        },
      },
      { occurredAt: now },
    )
    return row!.id
  })
  const comment = await loadCommentView({ db, viewer, now, intention }, id)
  return support ? { ...comment, support } : comment
}

/** The intention every comment write starts from: visible and not removed, for anyone. */
async function liveIntention(ctx: ReadContext, intentionId: string) {
  const intention = await assertCanSeeIntention({ ...ctx, intentionId })
  if (intention.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  return intention
}

/** PATCH …/comments/{commentId}: author or moderator; 409 when expected_updated_at is stale. */
export async function updateComment(
  ctx: WriteContext,
  ids: { intentionId: string; commentId: string },
  body: CommentUpdateBody,
): Promise<CommentWriteResponse> {
  const { db, viewer, now } = ctx
  const intention = await liveIntention(ctx, ids.intentionId)
  const comment = await findLiveComment(db, ids.intentionId, ids.commentId)
  assertCanChangeComment(viewer, comment, 'edit')
  if (isIntentionClosed(intention)) throw httpError(423, ErrorCode.closed, COMMENTS_CLOSED)
  const { support } = enforceContentPolicy(ctx.contentPolicy, [body.content])
  // Compare and write in one statement, so of two editors holding the same version one wins.
  // The new version is always later than the old one, even when the clock has not moved, or
  // a second stale edit in the same millisecond would pass the check.
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(commentsTable)
      .set({
        content: body.content,
        updatedAt: sql`greatest(${now}::timestamptz, ${commentsTable.updatedAt} + interval '1 millisecond')`,
      })
      .where(
        and(
          eq(commentsTable.id, comment.id),
          isNull(commentsTable.removedAt),
          eq(commentsTable.updatedAt, new Date(body.expected_updated_at)),
        ),
      )
      .returning({ id: commentsTable.id })
    if (updated.length === 0) throw httpError(409, ErrorCode.conflict, STALE_COMMENT)
    await recordEvent(
      tx,
      {
        type: 'CommentEdited',
        payload: {
          commentId: comment.id,
          intentionId: ids.intentionId,
          actor: actorOf(viewer),
          crisis: support !== undefined,
        },
      },
      { occurredAt: now },
    )
  })
  const view = await loadCommentView({ db, viewer, now, intention }, comment.id)
  return support ? { ...view, support } : view
}

/**
 * DELETE …/comments/{commentId}. The author's delete is hard (their words); a moderator who is
 * not the author removes it, keeping the row for audit (DESIGN §3). Either way it leaves the
 * count. Closed prayers freeze their comments (423), but a moderator can still delete or
 * remove one: closing a prayer must not shield abuse posted before it closed.
 */
export async function deleteComment(
  ctx: ReadContext,
  ids: { intentionId: string; commentId: string },
) {
  const { db, viewer, now } = ctx
  const intention = await liveIntention(ctx, ids.intentionId)
  const comment = await findLiveComment(db, ids.intentionId, ids.commentId)
  assertCanChangeComment(viewer, comment, 'delete')
  const isAuthor = comment.authorId === viewer.userId
  if (!isModeratorViewer(viewer) && isIntentionClosed(intention))
    throw httpError(423, ErrorCode.closed, COMMENTS_CLOSED)
  await db.transaction(async (tx) => {
    const live = and(eq(commentsTable.id, comment.id), isNull(commentsTable.removedAt))
    // Only the request whose own statement took the comment away moves the count, so a
    // double delete (or a delete racing a removal) cannot decrement twice.
    const gone = isAuthor
      ? await tx.delete(commentsTable).where(live).returning({ heldAt: commentsTable.heldAt })
      : await tx
          .update(commentsTable)
          .set({ removedAt: now, removedBy: viewer.userId })
          .where(live)
          .returning({ heldAt: commentsTable.heldAt })
    if (!gone[0]) return
    // A held comment had already left the count.
    if (gone[0].heldAt === null) await moveCommentsCount(tx, ids.intentionId, -1)
    const actor = actorOf(viewer)
    const ref = { commentId: comment.id, intentionId: ids.intentionId }
    await recordEvent(
      tx,
      isAuthor
        ? { type: 'CommentDeleted', payload: { ...ref, actor } }
        : {
            type: 'ContentRemoved',
            payload: {
              target: { type: 'comment', id: comment.id },
              intentionId: ids.intentionId,
              authorId: comment.authorId,
              actor,
              via: 'wall',
              reason: null,
            },
          },
      { occurredAt: now },
    )
  })
}
