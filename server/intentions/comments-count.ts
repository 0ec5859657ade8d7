import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { intentionsTable } from './intentions.table'

// An intention's comments_count moves in the same transaction as the comment rows (DESIGN §3).
// Comments call these; they never write intentions' table (server-tables-are-private).

/** One comment more or fewer on the intention. */
export function moveCommentsCount(tx: Database, intentionId: string, delta: 1 | -1) {
  return tx
    .update(intentionsTable)
    .set({ commentsCount: sql`${intentionsTable.commentsCount} + ${delta}` })
    .where(eq(intentionsTable.id, intentionId))
}

/** `count` comments fewer at once (a deleted account's), never below zero. */
export function dropCommentsCount(tx: Database, intentionId: string, count: number) {
  return tx
    .update(intentionsTable)
    .set({ commentsCount: sql`greatest(${intentionsTable.commentsCount} - ${count}, 0)` })
    .where(eq(intentionsTable.id, intentionId))
}
