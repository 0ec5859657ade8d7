import { and, eq, isNull, sql } from 'drizzle-orm'
import type { SupportBlock } from '@contract/content-policy'
import { ErrorCode } from '@contract/errors'
import type {
  CreateIntentionBody,
  IntentionWriteResponse,
  UpdateIntentionBody,
} from '@contract/intentions'
import type { WriteContext } from '../auth/route-context'
import { actorOf } from '../auth/viewer'
import { recordEvent } from '../events/record-event'
import { isGroupMember } from '../groups/groups.service'
import { httpError } from '../errors/problem-error'
import type { PublishHold } from '../reports/publish-hold'
import { countMemberWrite } from '../rate-limit/write-limits'
import { setIntentionTags } from './tags.service'
import { enforceContentPolicy } from '../content-policy/content-check'
import {
  assertCanManageIntention,
  assertCanSeeIntention,
  INTENTION_NOT_FOUND,
} from './intention-access'
import { loadIntentionView } from './prepared-intention-views'
import { intentionsTable } from './intentions.table'
import type { TestimonyPort } from './testimony-port'

// Spec 001 §8 wording for a stale edit (the client shows its own copy of it).
export const STALE_EDIT =
  'This post was updated in the meantime. Review latest content and try again.'

function withSupport<T extends object>(value: T, support: SupportBlock | undefined) {
  return support ? { ...value, support } : value
}

/**
 * POST /api/v1/intentions. A private post needs membership of its group (404 otherwise). A
 * public one may wait for review first (the community's publish rule, issue 38).
 */
export async function createIntention(
  ctx: WriteContext & {
    testimonies: TestimonyPort
    publishHold: PublishHold
    showPrayerCounts: boolean
  },
  body: CreateIntentionBody,
): Promise<IntentionWriteResponse> {
  const { db, viewer, now } = ctx
  const { support } = enforceContentPolicy(ctx.contentPolicy, [
    body.title,
    body.details,
    body.tags.join(' '),
    body.scripture,
  ])
  if (body.group_id && !(await isGroupMember(db, body.group_id, viewer.userId))) {
    throw httpError(404, ErrorCode.notFound, 'Group not found.')
  }
  const publishRule = await ctx.publishHold.ruleFor(viewer)
  const id = await db.transaction(async (tx) => {
    await countMemberWrite(tx, { userId: viewer.userId, kind: 'intention', now })
    const [row] = await tx
      .insert(intentionsTable)
      .values({
        authorId: viewer.userId,
        title: body.title,
        details: body.details,
        scriptureRef: body.scripture,
        identityMode: body.identity_mode,
        destination: body.destination,
        groupId: body.group_id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: intentionsTable.id })
    await setIntentionTags(tx, row!.id, body.tags)
    const post = { type: 'intention', id: row!.id, groupId: body.group_id } as const
    const held = await publishRule.holdIfDue(tx, { post, now })
    await recordEvent(
      tx,
      {
        type: 'IntentionCreated',
        payload: {
          intentionId: row!.id,
          actor: actorOf(viewer),
          crisis: support !== undefined,
          held,
        },
      },
      { occurredAt: now },
    )
    return row!.id
  })
  return withSupport(await loadIntentionView({ ...ctx, intentionId: id }), support)
}

/** PATCH /api/v1/intentions/{id}: owner or moderator; 409 when expected_updated_at is stale. */
export async function updateIntention(
  ctx: WriteContext & { testimonies: TestimonyPort; showPrayerCounts: boolean },
  intentionId: string,
  body: UpdateIntentionBody,
): Promise<IntentionWriteResponse> {
  const { db, viewer, now } = ctx
  const row = await assertCanSeeIntention({ db, viewer, intentionId })
  if (row.removedAt) throw httpError(404, ErrorCode.notFound, INTENTION_NOT_FOUND)
  assertCanManageIntention(viewer, row)
  const { support } = enforceContentPolicy(ctx.contentPolicy, [
    body.title,
    body.details,
    body.tags.join(' '),
  ])
  const expected = new Date(body.expected_updated_at)
  await db.transaction(async (tx) => {
    // The compare and the write are one statement, so two editors cannot both win. The token
    // always moves forward, even for two edits within one millisecond.
    const updated = await tx
      .update(intentionsTable)
      .set({
        title: body.title,
        details: body.details,
        updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${intentionsTable.updatedAt} + interval '1 millisecond')`,
      })
      .where(and(eq(intentionsTable.id, intentionId), eq(intentionsTable.updatedAt, expected)))
      .returning({ id: intentionsTable.id })
    if (updated.length === 0) throw httpError(409, ErrorCode.conflict, STALE_EDIT)
    await setIntentionTags(tx, intentionId, body.tags)
    await recordEvent(
      tx,
      {
        type: 'IntentionEdited',
        payload: { intentionId, actor: actorOf(viewer), crisis: support !== undefined },
      },
      { occurredAt: now },
    )
  })
  return withSupport(await loadIntentionView({ ...ctx, intentionId }), support)
}

/**
 * DELETE /api/v1/intentions/{id}. The author's delete is hard (their words, their choice); a
 * moderator who is not the author removes it, keeping the row for audit (DESIGN §3).
 */
export async function deleteIntention(
  ctx: Omit<WriteContext, 'contentPolicy'>,
  intentionId: string,
) {
  const { db, viewer, now } = ctx
  const row = await assertCanSeeIntention({ db, viewer, intentionId })
  assertCanManageIntention(viewer, row)
  if (row.authorId === viewer.userId) {
    await db.delete(intentionsTable).where(eq(intentionsTable.id, intentionId))
    return
  }
  if (row.removedAt) return
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(intentionsTable)
      .set({ removedAt: now, removedBy: viewer.userId })
      .where(and(eq(intentionsTable.id, intentionId), isNull(intentionsTable.removedAt)))
      .returning({ id: intentionsTable.id })
    if (removed.length === 0) return
    await recordEvent(
      tx,
      {
        type: 'ContentRemoved',
        payload: {
          target: { type: 'intention', id: intentionId },
          intentionId,
          authorId: row.authorId,
          actor: actorOf(viewer),
          via: 'wall',
          reason: null,
        },
      },
      { occurredAt: now },
    )
  })
}
