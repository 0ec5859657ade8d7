import { ErrorCode } from '@contract/errors'
import type { ReportBody } from '@contract/reports'
import { enforceContentPolicy } from '../content-policy/content-check'
import { assertCanSeeIntention, INTENTION_NOT_FOUND } from '../intentions/intention-access'
import { ALREADY_REPORTED } from '../intentions/intention-report.service'
import type { WriteContext } from '../auth/route-context'
import { actorOf } from '../auth/viewer'
import { recordEvent } from '../events/record-event'
import { httpError } from '../plugins/problem-error'
import { reportsTable } from '../reports/reports.table'
import { findLiveComment } from './comment-access'

/**
 * POST …/comments/{commentId}/report: once per member per comment (409 already_reported), on
 * closed prayers too (abuse is reportable whatever the prayer's state). Reports are anonymous
 * to the author (spec 001 §6): nothing about them reaches any comment answer but the
 * reporter's own `has_reported`.
 */
export async function reportComment(
  { db, viewer, now, contentPolicy }: WriteContext,
  ids: { intentionId: string; commentId: string },
  body: ReportBody,
) {
  const intention = await assertCanSeeIntention({ db, viewer, intentionId: ids.intentionId })
  if (intention.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  await findLiveComment(db, ids.intentionId, ids.commentId)
  enforceContentPolicy(contentPolicy, [body.note])
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reportsTable)
      .values({
        targetType: 'comment',
        targetId: ids.commentId,
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
        payload: { target: { type: 'comment', id: ids.commentId }, actor: actorOf(viewer) },
      },
      { occurredAt: now },
    )
  })
}
