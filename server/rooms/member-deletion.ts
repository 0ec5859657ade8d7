import { and, eq, inArray, isNull, not } from 'drizzle-orm'
import type { Database } from '../db/client'
import { DELETED_ACCOUNT_REASON } from '../intentions/member-deletion'
import { keptForReview } from '../reports/kept-for-review'
import { roomRemindersTable, roomsTable } from './rooms.table'

/**
 * Issue 40: the rooms a deleted member created, as their posts (intentions/member-deletion.ts),
 * and their "Remind me" choices. Returns the rooms members could see: a live one is closed for
 * everyone in it when the event is delivered (rooms-live.subscriber.ts).
 */
export async function eraseMemberRooms(tx: Database, userId: string, now: Date) {
  const r = roomsTable
  const mine = eq(r.createdBy, userId)
  const shown = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(mine, isNull(r.removedAt), isNull(r.heldAt)))
  const kept = keptForReview(tx, 'room', r)
  await tx
    .update(r)
    .set({ removedAt: now, removedBy: null, removalReason: DELETED_ACCOUNT_REASON })
    .where(and(mine, isNull(r.removedAt), kept))
  await tx.delete(r).where(and(mine, not(kept)))
  await tx.delete(roomRemindersTable).where(eq(roomRemindersTable.userId, userId))
  return shown.map((row) => row.id)
}

export async function purgeMemberRooms(tx: Database, userIds: string[]) {
  if (userIds.length > 0) await tx.delete(roomsTable).where(inArray(roomsTable.createdBy, userIds))
}
