import { and, eq, inArray, isNull, not } from 'drizzle-orm'
import type { Database } from '../db/client'
import { keptForReview } from '../reports/kept-for-review'
import { intentionsTable } from './intentions.table'

/**
 * Issue 40: a deleted member's requests. Those a moderator may still need (ADR 0035) are taken
 * off every feed as a removal would (`removed_at`, nobody named as remover) and wait for the
 * purge; the rest are deleted with everything hanging on them (updates, prayers, reactions,
 * comments, notifications, prayer-list entries). Returns the ids members could see until now,
 * for the walls that show them to drop them.
 */
export async function eraseMemberIntentions(tx: Database, userId: string, now: Date) {
  const i = intentionsTable
  const mine = eq(i.authorId, userId)
  const shown = await tx
    .select({ id: i.id })
    .from(i)
    .where(and(mine, isNull(i.removedAt), isNull(i.heldAt)))
  const kept = keptForReview(tx, 'intention', i)
  await tx
    .update(i)
    .set({ removedAt: now, removedBy: null, removalReason: DELETED_ACCOUNT_REASON })
    .where(and(mine, isNull(i.removedAt), kept))
  await tx.delete(i).where(and(mine, not(kept)))
  return shown.map((row) => row.id)
}

/** The removal reason moderators read on a deleted member's kept posts. */
export const DELETED_ACCOUNT_REASON = 'The author deleted their account.'

/** The purge (90 days on): whatever was kept of the closed accounts given. */
export async function purgeMemberIntentions(tx: Database, userIds: string[]) {
  if (userIds.length > 0)
    await tx.delete(intentionsTable).where(inArray(intentionsTable.authorId, userIds))
}
