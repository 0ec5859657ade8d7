import { and, eq, exists, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'
import { reportsTable, type ReportTargetType } from './reports.table'

/**
 * Issue 40: of a deleted member's posts, those a moderator may still have to look at (removed
 * already, held, or under an open report) are kept, hidden from members, for up to 90 days
 * (ADR 0035); the rest are deleted at once. SQL, true for an item to keep.
 */
export function keptForReview(
  db: Pick<Database, 'select'>,
  type: ReportTargetType,
  columns: { id: AnyColumn; removedAt: AnyColumn; heldAt: AnyColumn },
): SQL {
  const openReport = db
    .select({ one: sql`1` })
    .from(reportsTable)
    .where(
      and(
        eq(reportsTable.targetType, type),
        eq(reportsTable.targetId, columns.id),
        eq(reportsTable.status, 'open'),
      ),
    )
  return or(isNotNull(columns.removedAt), isNotNull(columns.heldAt), exists(openReport))!
}
