import { ErrorCode } from '@contract/errors'
import type { ReportBody } from '@contract/reports'
import { actorOf } from '../auth/viewer'
import { recordEvent } from '../events/record-event'
import { httpError } from '../plugins/problem-error'
import { reportsTable } from '../reports/reports.table'
import { enforceContentPolicy } from '../content-policy/content-check'
import { assertCanSeeIntention, INTENTION_NOT_FOUND } from './intention-access'
import type { WriteContext } from '../auth/route-context'

export const ALREADY_REPORTED = 'You have already reported this.'

/**
 * POST /api/v1/intentions/{id}/report: once per member per intention (409 already_reported),
 * closed prayers included. Nothing about the reporter ever reaches the author (spec 001 §6).
 */
export async function reportIntention(
  { db, viewer, now, contentPolicy }: WriteContext,
  intentionId: string,
  body: ReportBody,
) {
  const row = await assertCanSeeIntention({ db, viewer, intentionId })
  if (row.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  enforceContentPolicy(contentPolicy, [body.note])
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reportsTable)
      .values({
        targetType: 'intention',
        targetId: intentionId,
        reporterId: viewer.userId,
        category: body.category,
        note: body.note,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reportsTable.id })
    if (inserted.length === 0) throw httpError(409, ErrorCode.alreadyReported, ALREADY_REPORTED)
    await recordEvent(
      tx,
      {
        type: 'ContentReported',
        payload: { target: { type: 'intention', id: intentionId }, actor: actorOf(viewer) },
      },
      { occurredAt: now },
    )
  })
}
