import { and, eq, gte, isNull } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import type { ModerationTargetType, PublishHoldReason } from '@contract/moderation'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import type { Actor } from '../events/domain-events'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { resolveOpenReports, type ReportStatus } from '../reports/report-resolution'
import { isUniqueViolation } from '../db/unique-violation'
import { recordAudit } from './audit-log'
import {
  findTarget,
  loadTargets,
  setModerationState,
  type Executor,
  type ModerationTarget,
} from './moderation-targets'
import { moderationAuditTable, moderationFlagsTable } from './moderation.table'
import { recordPublished } from './post-published'

export interface ModerationContext {
  db: Database
  viewer: Viewer
  now: Date
}

export const ALREADY_REMOVED = 'This item was already removed.'
export const NOTHING_TO_RESTORE =
  'This item is neither removed nor held, so there is nothing to restore.'
export const RESTORE_CONFLICT =
  'This prayer already has another testimony, so this one cannot be restored.'

/**
 * Closes the item's open reports and flags: a reviewed item leaves the open queue. `heldFor`:
 * the publish rule's reason, when it had held the item since it was posted (issue 38).
 */
export async function closeCase(
  tx: Executor,
  target: ModerationTarget,
  status: Exclude<ReportStatus, 'open'>,
  { viewer, now }: { viewer: Pick<Viewer, 'userId'>; now: Date },
): Promise<{ reportsClosed: number; urgent: boolean; heldFor?: PublishHoldReason }> {
  const reports = await resolveOpenReports(tx, target, { status, by: viewer.userId, now })
  const flags = await tx
    .update(moderationFlagsTable)
    .set({ resolvedAt: now, resolvedBy: viewer.userId })
    .where(
      and(
        eq(moderationFlagsTable.targetType, target.type),
        eq(moderationFlagsTable.targetId, target.id),
        isNull(moderationFlagsTable.resolvedAt),
      ),
    )
    .returning({ reason: moderationFlagsTable.reason })
  let heldFor: PublishHoldReason | undefined
  for (const { reason } of flags) if (reason !== 'crisis') heldFor = reason
  return {
    reportsClosed: reports.length,
    urgent: flags.some(({ reason }) => reason === 'crisis'),
    ...(heldFor ? { heldFor } : {}),
  }
}

/** POST …/items/:type/:id/dismiss: nothing wrong; reports close and an auto-hold lifts. */
export async function dismissItem(
  ctx: ModerationContext,
  type: ModerationTargetType,
  id: string,
  note: string | null,
) {
  const { db, viewer, now } = ctx
  await db.transaction(async (tx) => {
    const target = await findTarget(tx, type, id)
    const closed = await closeCase(tx, target, 'dismissed', ctx)
    if (target.heldAt) await setModerationState(tx, target, { heldAt: null })
    // Kept without its Approve: still published as an approval publishes it (issue 38).
    if (target.heldAt && closed.heldFor) await recordPublished(tx, target, viewer, now)
    await recordAudit(tx, {
      actor: viewer,
      action: 'dismiss',
      target: { type, id },
      reason: note,
      details: { ...closed, wasHeld: target.heldAt !== null },
      at: now,
    })
  })
}

/**
 * POST …/items/:type/:id/remove: gone from every feed, count and notification for everyone
 * (ADR 0005), the row kept with who and why. Returns the item so the caller can tell its author.
 */
export async function removeItem(
  ctx: ModerationContext,
  type: ModerationTargetType,
  id: string,
  reason: string,
): Promise<ModerationTarget> {
  const { db, viewer, now } = ctx
  return db.transaction(async (tx) => {
    const target = await findTarget(tx, type, id)
    if (target.removedAt) throw httpError(409, ErrorCode.conflict, ALREADY_REMOVED)
    await setModerationState(tx, target, {
      removedAt: now,
      removedBy: viewer.userId,
      removalReason: reason,
      heldAt: null,
    })
    const closed = await closeCase(tx, target, 'actioned', ctx)
    await recordAudit(tx, {
      actor: viewer,
      action: 'remove',
      target: { type, id },
      reason,
      details: { ...closed, authorId: target.authorId },
      at: now,
    })
    await recordEvent(
      tx,
      {
        type: 'ContentRemoved',
        payload: {
          target: { type, id },
          intentionId: target.intentionId,
          authorId: target.authorId,
          actor: actorOf(viewer),
          via: 'queue',
          reason,
        },
      },
      { occurredAt: now },
    )
    return target
  })
}

/** POST …/items/:type/:id/restore: a removed or held item comes back everywhere. */
export async function restoreItem(
  ctx: ModerationContext,
  type: ModerationTargetType,
  id: string,
  note: string | null,
): Promise<ModerationTarget> {
  const { db, viewer, now } = ctx
  try {
    return await db.transaction(async (tx) => {
      const target = await findTarget(tx, type, id)
      if (!target.removedAt && !target.heldAt)
        throw httpError(409, ErrorCode.conflict, NOTHING_TO_RESTORE)
      await setModerationState(tx, target, {
        removedAt: null,
        removedBy: null,
        removalReason: null,
        heldAt: null,
      })
      const closed = await closeCase(tx, target, 'dismissed', ctx)
      if (closed.heldFor) await recordPublished(tx, target, viewer, now)
      await recordAudit(tx, {
        actor: viewer,
        action: 'restore',
        target: { type, id },
        reason: note,
        details: {
          ...closed,
          wasRemoved: target.removedAt !== null,
          previousReason: target.removalReason,
        },
        at: now,
      })
      await recordEvent(
        tx,
        {
          type: 'ContentRestored',
          payload: {
            target: { type, id },
            intentionId: target.intentionId,
            authorId: target.authorId,
            actor: actorOf(viewer),
            wasRemoved: target.removedAt !== null,
          },
        },
        { occurredAt: now },
      )
      return target
    })
  } catch (error) {
    // testimonies_one_per_intention: the prayer got a new testimony while this one was removed.
    if (isUniqueViolation(error)) throw httpError(409, ErrorCode.conflict, RESTORE_CONFLICT)
    throw error
  }
}

/**
 * A moderator's Delete on the wall removes without a reason (the wall's own call, DESIGN §3).
 * It is still a moderation action: its reports close and the audit log records it, once.
 */
export async function recordWallRemoval(
  { db, actor: viewer }: { db: Database; actor: Actor },
  type: ModerationTargetType,
  id: string,
) {
  await db.transaction(async (tx) => {
    const [target] = await loadTargets(tx, type, [id])
    if (!target?.removedAt || target.authorId === viewer.userId) return
    const [recorded] = await tx
      .select({ id: moderationAuditTable.id })
      .from(moderationAuditTable)
      .where(
        and(
          eq(moderationAuditTable.action, 'remove'),
          eq(moderationAuditTable.targetType, type),
          eq(moderationAuditTable.targetId, id),
          gte(moderationAuditTable.at, target.removedAt),
        ),
      )
    if (recorded) return
    const closed = await closeCase(tx, target, 'actioned', { viewer, now: target.removedAt })
    await recordAudit(tx, {
      actor: viewer,
      action: 'remove',
      target: { type, id },
      details: { ...closed, authorId: target.authorId, via: 'wall' },
      at: target.removedAt,
    })
  })
}
