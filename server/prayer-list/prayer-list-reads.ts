import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { prayerListEntriesTable } from './prayer-list.table'

// What the capabilities after the prayer list (notifications) ask of it: they never read its
// tables themselves (server-tables-are-private, docs/architecture.md).

/** The members who have this intention on their prayer list. */
export async function listedBy(db: Database, intentionId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: prayerListEntriesTable.userId })
    .from(prayerListEntriesTable)
    .where(eq(prayerListEntriesTable.intentionId, intentionId))
  return rows.map((row) => row.userId)
}
