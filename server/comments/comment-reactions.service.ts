import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type {
  CommentReactionBody,
  CommentReactionKind,
  CommentReactionResponse,
} from '@contract/comments'
import type { CursorPosition } from '@contract/pagination'
import type { ReactorPage } from '@contract/reactors'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { keysetPage } from '../db/keyset-page'
import { recordEvent } from '../events/record-event'
import { assertCanRespondToIntention, assertCanSeeIntention } from '../intentions/intention-access'
import { accountIsOpen, accountName } from '../users/account-name-sql'
import { findLiveComment } from './comment-access'
import { commentReactionsTable, commentsTable } from './comments.table'

interface ReactionContext {
  db: Database
  viewer: Viewer
  now: Date
}

const counterOf = {
  like: { column: commentsTable.likesCount, key: 'likesCount' },
  amen: { column: commentsTable.amensCount, key: 'amensCount' },
} as const

/**
 * POST …/comments/{commentId}/reactions: toggles like or amen, or sets it when `active` is
 * given (the outbox's replays, DESIGN §6). The counter moves only when this request's own
 * insert or delete changed a row, in the same transaction, so concurrent toggles end exact.
 * Closed prayers answer 423 like every other response to them (spec 001 §4).
 */
export async function reactToComment(
  { db, viewer, now }: ReactionContext,
  ids: { intentionId: string; commentId: string },
  body: CommentReactionBody,
): Promise<CommentReactionResponse> {
  await assertCanRespondToIntention({ db, viewer, intentionId: ids.intentionId })
  const { commentId } = ids
  await findLiveComment(db, ids.intentionId, commentId)
  const kind: CommentReactionKind = body.Reaction
  const counter = counterOf[kind]
  const mine = and(
    eq(commentReactionsTable.commentId, commentId),
    eq(commentReactionsTable.userId, viewer.userId),
    eq(commentReactionsTable.kind, kind),
  )
  // The counts: returned by the counter's own update when it moved (issue 45: one statement
  // less a write), else read after the transaction.
  const counts = { Like: commentsTable.likesCount, Amen: commentsTable.amensCount }
  const { added, moved } = await db.transaction(async (tx) => {
    const move = async (delta: 1 | -1) => {
      const [row] = await tx
        .update(commentsTable)
        .set({ [counter.key]: sql`${counter.column} + ${delta}` })
        .where(eq(commentsTable.id, commentId))
        .returning(counts)
      return row
    }
    if (body.active !== true) {
      const removed = await tx
        .delete(commentReactionsTable)
        .where(mine)
        .returning({ id: commentReactionsTable.id })
      if (removed.length > 0) return { added: false, moved: await move(-1) }
      if (body.active === false) return { added: false, moved: undefined }
    }
    const inserted = await tx
      .insert(commentReactionsTable)
      .values({ commentId, userId: viewer.userId, kind, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: commentReactionsTable.id })
    if (inserted.length === 0) return { added: true, moved: undefined }
    const row = await move(1)
    await recordEvent(
      tx,
      {
        type: 'CommentReacted',
        payload: { commentId, intentionId: ids.intentionId, actor: actorOf(viewer), kind },
      },
      { occurredAt: now },
    )
    return { added: true, moved: row }
  })
  const [read] = moved
    ? [moved]
    : await db.select(counts).from(commentsTable).where(eq(commentsTable.id, commentId))
  // A comment deleted between the write and this read: the reaction went with it.
  return { Added: added && read !== undefined, Like: read?.Like ?? 0, Amen: read?.Amen ?? 0 }
}

/**
 * GET …/comments/{commentId}/reactions?type=like|amen: who reacted, newest first, display
 * names only, paged on (created_at, user_id) as the index runs. On an anonymous prayer its
 * author's reactions are left out for everyone else: an author who likes every comment in
 * their own thread would be named by the list.
 */
export async function listCommentReactors(
  { db, viewer }: ReactionContext,
  ids: { intentionId: string; commentId: string },
  query: { type: CommentReactionKind; limit: number; cursor?: CursorPosition | undefined },
): Promise<ReactorPage> {
  const intention = await assertCanSeeIntention({ db, viewer, intentionId: ids.intentionId })
  await findLiveComment(db, ids.intentionId, ids.commentId)
  const hideAuthor = intention.identityMode === 'anonymous' && intention.authorId !== viewer.userId
  const r = commentReactionsTable
  const keyset = keysetPage(query)
  const rows = await db
    .select({ userId: r.userId, displayName: accountName(r.userId), at: r.createdAt })
    .from(r)
    // A deleted member's reactions stay counted, unnamed (issue 40).
    .where(
      and(
        accountIsOpen(r.userId),
        eq(r.commentId, ids.commentId),
        eq(r.kind, query.type),
        hideAuthor ? ne(r.userId, intention.authorId) : undefined,
        keyset.after(r.createdAt, r.userId),
      ),
    )
    .orderBy(desc(r.createdAt), desc(r.userId))
    .limit(keyset.take)
  const { items, nextCursor } = keyset.page(rows, (row) => ({ createdAt: row.at, id: row.userId }))
  return {
    items: items.map((row) => ({
      user_id: row.userId,
      display_name: row.displayName,
      created_at: row.at.toISOString(),
      is_you: row.userId === viewer.userId,
    })),
    next_cursor: nextCursor,
  }
}
