import { and, eq, exists, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../db/client'
import { prayerListEntriesTable } from './prayer-list.table'

/**
 * Search's `prayer-list` scope (issue 43): a request is on the member's prayer list. Given to
 * the requests' search as a condition on their id, so neither reads the other's tables.
 */
export function onPrayerListOf(db: Database, userId: string) {
  return (intentionId: SQLWrapper): SQL =>
    exists(
      db
        .select({ one: prayerListEntriesTable.userId })
        .from(prayerListEntriesTable)
        .where(
          and(
            eq(prayerListEntriesTable.userId, userId),
            eq(prayerListEntriesTable.intentionId, intentionId),
          ),
        ),
    )
}
