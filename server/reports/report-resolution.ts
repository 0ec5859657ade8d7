import { and, eq } from 'drizzle-orm'
import type { ModerationTargetType } from '@contract/moderation'
import type { Database } from '../db/client'
import { reportsTable, type ReportStatus } from './reports.table'

export type { ReportStatus }

/**
 * A moderator's decision closes every open report on the item with `status`, in the
 * decision's transaction; the ids of the reports it closed.
 */
export async function resolveOpenReports(
  tx: Pick<Database, 'update'>,
  target: { type: ModerationTargetType; id: string },
  resolution: { status: Exclude<ReportStatus, 'open'>; by: string; now: Date },
): Promise<{ id: string }[]> {
  return tx
    .update(reportsTable)
    .set({ status: resolution.status, resolvedAt: resolution.now, resolvedBy: resolution.by })
    .where(
      and(
        eq(reportsTable.targetType, target.type),
        eq(reportsTable.targetId, target.id),
        eq(reportsTable.status, 'open'),
      ),
    )
    .returning({ id: reportsTable.id })
}
