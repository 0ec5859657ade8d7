import { eq } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import {
  linkedTestimony,
  type StatusUpdateBody,
  type StatusUpdateResponse,
} from '@contract/intention-status'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import type { PublishHold } from '../reports/publish-hold'
import { enforceContentPolicy } from '../content-policy/content-check'
import {
  assertCanManageIntention,
  assertCanSeeIntention,
  INTENTION_NOT_FOUND,
} from './intention-access'
import type { WriteContext } from '../auth/route-context'
import { intentionsTable, type IntentionRow } from './intentions.table'
import type { TestimonyPort } from './testimony-port'

async function toResponse(
  { db, viewer, testimonies }: { db: Database; viewer: Viewer; testimonies: TestimonyPort },
  row: IntentionRow,
): Promise<StatusUpdateResponse> {
  const testimony = (await testimonies.linksFor(db, viewer, [row])).get(row.id)
  return {
    status: row.status,
    closure_reason: row.closureReason,
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    has_testimony: testimony !== undefined,
    testimony_id: testimony?.testimonyId ?? null,
    testimony_title: testimony?.title ?? null,
  }
}

/**
 * PATCH /api/v1/intentions/{id}/status (spec 001 §4): active -> answered | released_in_peace,
 * and back to active (Reopen). Owner or moderator. The answered dialog's testimony (a title and
 * a 70+ text, spec 001 §4) is created in the same transaction: if it is refused, the prayer
 * stays as it was. A status change is not an edit: updated_at (the edit-conflict token) stays.
 */
export async function updateIntentionStatus(
  ctx: WriteContext & { testimonies: TestimonyPort; publishHold: PublishHold },
  intentionId: string,
  body: StatusUpdateBody,
): Promise<StatusUpdateResponse> {
  const { db, viewer, now } = ctx
  const row = await assertCanSeeIntention({ db, viewer, intentionId })
  if (row.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  assertCanManageIntention(viewer, row)
  const testimony = linkedTestimony(body)
  const { support } = enforceContentPolicy(ctx.contentPolicy, [
    body.closure_reason_note,
    testimony?.title,
    testimony?.text,
  ])
  const respond = async (current: IntentionRow) => ({
    ...(await toResponse(ctx, current)),
    ...(support ? { support } : {}),
  })
  // A repeated request (two tabs, a retry) changes nothing and is not an error.
  const repeat = body.status === row.status
  if (repeat && !testimony) return respond(row)
  if (!repeat && row.status !== 'active' && body.status !== 'active') {
    throw httpError(409, ErrorCode.conflict, 'Reopen this prayer before closing it another way.')
  }
  const released = body.status === 'released_in_peace'
  const publishRule = testimony ? await ctx.publishHold.ruleFor(viewer) : null
  const updated = await db.transaction(async (tx) => {
    const [current] = repeat
      ? [row]
      : await tx
          .update(intentionsTable)
          .set({
            status: body.status,
            closureReason: released ? (body.closure_reason ?? null) : null,
            closureReasonNote:
              released && body.closure_reason === 'other' ? body.closure_reason_note : null,
            statusChangedAt: now,
          })
          .where(eq(intentionsTable.id, intentionId))
          .returning()
    const actor = actorOf(viewer)
    if (!repeat)
      await recordEvent(
        tx,
        {
          type: 'IntentionStatusChanged',
          payload: { intentionId, actor, status: body.status, changedAt: now.toISOString() },
        },
        { occurredAt: now },
      )
    const shared = testimony
      ? await ctx.testimonies.shareAnswered(tx, {
          viewer,
          now,
          intention: current!,
          testimony,
          repeat,
        })
      : null
    if (shared) {
      // The testimony shared here is a post like any other: the publish rule applies (issue 38).
      const post = { type: 'testimony', id: shared.id, groupId: current!.groupId } as const
      const held = (await publishRule?.holdIfDue(tx, { post, now })) ?? false
      await recordEvent(
        tx,
        {
          type: 'TestimonyShared',
          payload: {
            testimonyId: shared.id,
            intentionId,
            actor,
            crisis: support !== undefined,
            held,
          },
        },
        { occurredAt: now },
      )
    }
    return current!
  })
  return respond(updated)
}
