import { ErrorCode } from '@contract/errors'
import type { ReportBody } from '@contract/reports'
import { assertCanSeeIntention, INTENTION_NOT_FOUND } from '../intentions/intention-access'
import type { WriteContext } from '../auth/route-context'
import { httpError } from '../errors/problem-error'
import { fileReport } from '../reports/file-report'
import { findLiveComment } from './comment-access'

/**
 * POST …/comments/{commentId}/report: once per member per comment (409 already_reported), on
 * closed prayers too (abuse is reportable whatever the prayer's state). Reports are anonymous
 * to the author (spec 001 §6): nothing about them reaches any comment answer but the
 * reporter's own `has_reported`.
 */
export async function reportComment(
  context: WriteContext,
  ids: { intentionId: string; commentId: string },
  body: ReportBody,
) {
  const intention = await assertCanSeeIntention({ ...context, intentionId: ids.intentionId })
  if (intention.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  await findLiveComment(context.db, ids.intentionId, ids.commentId)
  await fileReport(context, { type: 'comment', id: ids.commentId }, body)
}
