import { ErrorCode } from '@contract/errors'
import type { ReportBody } from '@contract/reports'
import { httpError } from '../errors/problem-error'
import { fileReport } from '../reports/file-report'
import { assertCanSeeIntention, INTENTION_NOT_FOUND } from './intention-access'
import type { WriteContext } from '../auth/route-context'

/**
 * POST /api/v1/intentions/{id}/report: once per member per intention (409 already_reported),
 * closed prayers included. Nothing about the reporter ever reaches the author (spec 001 §6).
 */
export async function reportIntention(
  context: WriteContext,
  intentionId: string,
  body: ReportBody,
) {
  const row = await assertCanSeeIntention({ ...context, intentionId })
  if (row.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  await fileReport(context, { type: 'intention', id: intentionId }, body)
}
