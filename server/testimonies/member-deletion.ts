import { and, eq, inArray, isNull, not } from 'drizzle-orm'
import type { Database } from '../db/client'
import { DELETED_ACCOUNT_REASON } from '../intentions/member-deletion'
import { keptForReview } from '../reports/kept-for-review'
import { testimoniesTable } from './testimonies.table'

/**
 * Issue 40: a deleted member's testimonies, as their requests (intentions/member-deletion.ts):
 * kept hidden for moderators when under review, deleted otherwise. The Amens others gave them go
 * with them; the Amens the member gave stay counted.
 */
export async function eraseMemberTestimonies(tx: Database, userId: string, now: Date) {
  const t = testimoniesTable
  const mine = eq(t.authorId, userId)
  const kept = keptForReview(tx, 'testimony', t)
  await tx
    .update(t)
    .set({ removedAt: now, removedBy: null, removalReason: DELETED_ACCOUNT_REASON })
    .where(and(mine, isNull(t.removedAt), kept))
  await tx.delete(t).where(and(mine, not(kept)))
}

export async function purgeMemberTestimonies(tx: Database, userIds: string[]) {
  if (userIds.length > 0)
    await tx.delete(testimoniesTable).where(inArray(testimoniesTable.authorId, userIds))
}
