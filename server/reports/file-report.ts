import { ErrorCode } from '@contract/errors'
import { MODERATION_TARGET_TYPES, type ModerationTargetType } from '@contract/moderation'
import type { ReportBody } from '@contract/reports'
import type { WriteContext } from '../auth/route-context'
import { actorOf } from '../auth/viewer'
import { enforceContentPolicy } from '../content-policy/content-check'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { reportsTable, type ReportTargetType } from './reports.table'

export const ALREADY_REPORTED = 'You have already reported this.'

const isModerationTarget = (type: ReportTargetType): type is ModerationTargetType =>
  (MODERATION_TARGET_TYPES as readonly string[]).includes(type)

/**
 * Files one member's report on an item the caller has already checked they can see: once per
 * member per item (409 already_reported). Reports are anonymous to the author (spec 001 §6).
 * Items the moderation queue reviews raise ContentReported (auto-hold) in the same transaction.
 */
export async function fileReport(
  { db, viewer, now, contentPolicy }: WriteContext,
  target: { type: ReportTargetType; id: string },
  body: ReportBody,
) {
  enforceContentPolicy(contentPolicy, [body.note])
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reportsTable)
      .values({
        targetType: target.type,
        targetId: target.id,
        reporterId: viewer.userId,
        category: body.category,
        note: body.note,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reportsTable.id })
    if (inserted.length === 0) throw httpError(409, ErrorCode.alreadyReported, ALREADY_REPORTED)
    const { type } = target
    if (isModerationTarget(type))
      await recordEvent(
        tx,
        {
          type: 'ContentReported',
          payload: { target: { type, id: target.id }, actor: actorOf(viewer) },
        },
        { occurredAt: now },
      )
  })
}
