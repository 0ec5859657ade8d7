import { and, eq, inArray, isNull, not } from 'drizzle-orm'
import type { Database } from '../db/client'
import { dropCommentsCount } from '../intentions/comments-count'
import { DELETED_ACCOUNT_REASON } from '../intentions/member-deletion'
import { keptForReview } from '../reports/kept-for-review'
import { commentsTable } from './comments.table'

/**
 * Issue 40: a deleted member's comments, as their requests (intentions/member-deletion.ts).
 * comments_count counts the comments members see, so each request loses the ones that were
 * shown, in the same transaction (DESIGN §3). Returns the comments members could see, whose
 * notifications go too.
 */
export async function eraseMemberComments(tx: Database, userId: string, now: Date) {
  const c = commentsTable
  const mine = eq(c.authorId, userId)
  const shown = await tx
    .select({ id: c.id, intentionId: c.intentionId })
    .from(c)
    .where(and(mine, isNull(c.removedAt), isNull(c.heldAt)))
  const perIntention = new Map<string, number>()
  for (const { intentionId } of shown)
    perIntention.set(intentionId, (perIntention.get(intentionId) ?? 0) + 1)
  for (const [intentionId, count] of perIntention) await dropCommentsCount(tx, intentionId, count)
  const kept = keptForReview(tx, 'comment', c)
  await tx
    .update(c)
    .set({ removedAt: now, removedBy: null, removalReason: DELETED_ACCOUNT_REASON })
    .where(and(mine, isNull(c.removedAt), kept))
  await tx.delete(c).where(and(mine, not(kept)))
  return shown.map((row) => row.id)
}

export async function purgeMemberComments(tx: Database, userIds: string[]) {
  if (userIds.length > 0)
    await tx.delete(commentsTable).where(inArray(commentsTable.authorId, userIds))
}
