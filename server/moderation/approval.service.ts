import { ErrorCode } from '@contract/errors'
import { MODERATION_MESSAGES, type ModerationTargetType } from '@contract/moderation'
import { httpError } from '../errors/problem-error'
import { recordAudit } from './audit-log'
import { closeCase, type ModerationContext } from './moderation-actions.service'
import { findTarget, setModerationState } from './moderation-targets'
import { recordPublished } from './post-published'

/**
 * POST …/items/:type/:id/approve (issue 38): a post the publish rule held is published with
 * its original time (its `createdAt` never moved, so it takes its place in every feed), and
 * what its creation held back (notifications, live counts) follows from PostPublished. 409 for
 * anything else: a post not held, held by reports (dismiss it), removed, or approved already.
 */
export async function approveItem(ctx: ModerationContext, type: ModerationTargetType, id: string) {
  const { db, viewer, now } = ctx
  await db.transaction(async (tx) => {
    const target = await findTarget(tx, type, id)
    if (!target.heldAt || target.removedAt) throw notWaiting()
    // The open flag is the gate: of two moderators approving at once, the second closes none.
    const closed = await closeCase(tx, target, 'dismissed', ctx)
    if (!closed.heldFor) throw notWaiting()
    await setModerationState(tx, target, { heldAt: null })
    await recordAudit(tx, {
      actor: viewer,
      action: 'approve',
      target: { type, id },
      details: closed,
      at: now,
    })
    await recordPublished(tx, target, viewer, now)
  })
}

const notWaiting = () => httpError(409, ErrorCode.conflict, MODERATION_MESSAGES.notWaiting)
