import { ErrorCode } from '@contract/errors'
import { MODERATION_MESSAGES } from '@contract/moderation'
import { actorOf, isModeratorViewer, type Viewer } from '../auth/viewer'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { findUserById, setSuspendedUntil, type UserRow } from '../users/users.repository'
import { recordAudit } from './audit-log'
import type { ModerationContext } from './moderation-actions.service'

const DAY_MS = 86_400_000

export const CANNOT_SUSPEND_SELF = 'You cannot suspend yourself.'
export const CANNOT_SUSPEND_MODERATOR = 'Only an administrator can suspend a moderator.'

async function findUser(ctx: ModerationContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId)
  if (!user) throw httpError(404, ErrorCode.notFound, MODERATION_MESSAGES.userNotFound)
  return user
}

// Moderators keep order among members; a moderator or an admin answers to an admin.
function assertMaySuspend(viewer: Viewer, user: UserRow) {
  if (user.id === viewer.userId) throw httpError(403, ErrorCode.forbidden, CANNOT_SUSPEND_SELF)
  const target = { ...viewer, roles: user.roles }
  if (isModeratorViewer(target) && !viewer.roles.includes('admin'))
    throw httpError(403, ErrorCode.forbidden, CANNOT_SUSPEND_MODERATOR)
}

/**
 * POST /api/v1/moderation/users/:userId/suspension: the member reads but cannot write until
 * now + days (the session reads suspended_until on every request, so it applies at once).
 */
export async function suspendUser(
  ctx: ModerationContext,
  userId: string,
  { days, reason }: { days: number; reason: string },
) {
  const { db, viewer, now } = ctx
  const user = await findUser(ctx, userId)
  assertMaySuspend(viewer, user)
  const until = new Date(now.getTime() + days * DAY_MS)
  await db.transaction(async (tx) => {
    await setSuspendedUntil(tx, userId, until)
    await recordAudit(tx, {
      actor: viewer,
      action: 'suspend',
      target: { type: 'user', id: userId },
      reason,
      details: { days, until: until.toISOString(), displayName: user.displayName },
      at: now,
    })
    await recordEvent(
      tx,
      { type: 'MemberSuspended', payload: { userId, actor: actorOf(viewer) } },
      { occurredAt: now },
    )
  })
}

/** DELETE /api/v1/moderation/users/:userId/suspension: lifted now. */
export async function liftSuspension(ctx: ModerationContext, userId: string) {
  const { db, viewer, now } = ctx
  const user = await findUser(ctx, userId)
  assertMaySuspend(viewer, user)
  await db.transaction(async (tx) => {
    await setSuspendedUntil(tx, userId, null)
    await recordAudit(tx, {
      actor: viewer,
      action: 'unsuspend',
      target: { type: 'user', id: userId },
      details: {
        previousUntil: user.suspendedUntil?.toISOString() ?? null,
        displayName: user.displayName,
      },
      at: now,
    })
  })
}
