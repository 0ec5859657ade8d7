import { eq } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import type { StatusUpdateBody, StatusUpdateResponse } from '@contract/intention-status'
import { httpError } from '../plugins/problem-error'
import { enforceContentPolicy } from './content-check'
import {
  assertCanManageIntention,
  assertCanSeeIntention,
  INTENTION_NOT_FOUND,
} from './intention-access'
import type { WriteContext } from './intentions.service'
import { intentionsTable, type IntentionRow } from './intentions.table'

function toResponse(row: IntentionRow): StatusUpdateResponse {
  return {
    status: row.status,
    closure_reason: row.closureReason,
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    // Testimonies (issue 5) are not built yet; see docs/wall.md.
    has_testimony: false,
    testimony_id: null,
    testimony_title: null,
  }
}

/**
 * PATCH /api/v1/intentions/{id}/status (spec 001 §4): active -> answered | released_in_peace,
 * and back to active (Reopen). Owner or moderator. The answered dialog's testimony fields are
 * validated by the contract but no testimony is created until testimonies exist (issue 5).
 * A status change is not an edit: updated_at (the edit-conflict token) stays.
 */
export async function updateIntentionStatus(
  ctx: WriteContext,
  intentionId: string,
  body: StatusUpdateBody,
): Promise<StatusUpdateResponse> {
  const { db, viewer, now } = ctx
  const row = await assertCanSeeIntention({ db, viewer, intentionId })
  if (row.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  assertCanManageIntention(viewer, row)
  const { support } = enforceContentPolicy(ctx.contentPolicy, [body.closure_reason_note])
  // A repeated request (two tabs, a retry) changes nothing and is not an error.
  if (body.status === row.status) return { ...toResponse(row), ...(support ? { support } : {}) }
  if (row.status !== 'active' && body.status !== 'active') {
    throw httpError(409, ErrorCode.conflict, 'Reopen this prayer before closing it another way.')
  }
  const released = body.status === 'released_in_peace'
  const [updated] = await db
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
  return { ...toResponse(updated!), ...(support ? { support } : {}) }
}
