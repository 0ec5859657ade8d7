import { and, countDistinct, eq } from 'drizzle-orm'
import type { ModerationTargetType } from '@contract/moderation'
import type { Database } from '../db/client'
import { reportsTable } from './reports.table'

/** How many members have an open report on the item (auto-hold's measure, issue 8). */
export async function openReporterCount(
  db: Database,
  target: { type: ModerationTargetType; id: string },
): Promise<number> {
  const [row] = await db
    .select({ reporters: countDistinct(reportsTable.reporterId) })
    .from(reportsTable)
    .where(
      and(
        eq(reportsTable.targetType, target.type),
        eq(reportsTable.targetId, target.id),
        eq(reportsTable.status, 'open'),
      ),
    )
  return row?.reporters ?? 0
}
