import { eq, max } from 'drizzle-orm'
import type { Database } from '../db/client'
import { sessionsTable } from './sessions.table'

/**
 * Issue 46: when the member last used the app on any device (their sessions' last use, kept to
 * within 5 minutes), or null: what a weekly digest may skip as already seen.
 */
export async function lastSeenAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(sessionsTable.lastUsedAt) })
    .from(sessionsTable)
    .where(eq(sessionsTable.userId, userId))
  return row?.at ?? null
}
