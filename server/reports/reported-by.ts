import { and, eq, exists, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { ViewerId } from '../auth/viewer'
import { reportsTable, type ReportTargetType } from './reports.table'
import { outer } from '../db/outer-column'

// What a card asks of reports: whether this viewer reported the item, as a column of the
// card's own query (one query per page), without reading reports.table.ts
// (server-tables-are-private).

/** True (as SQL) when `reporterId` has reported the item of `targetType` whose id `targetId` names. */
export function reportedBy(
  targetType: ReportTargetType,
  targetId: SQLWrapper,
  reporterId: ViewerId,
): SQL<boolean> {
  return exists(
    sql`(select 1 from ${reportsTable} where ${and(
      eq(reportsTable.targetType, targetType),
      sql`${reportsTable.targetId} = ${outer(targetId)}`,
      eq(reportsTable.reporterId, reporterId),
    )})`,
  ).mapWith(Boolean)
}
