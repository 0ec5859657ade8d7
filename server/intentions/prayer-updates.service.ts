import { asc, eq } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import type { PrayerUpdate, PrayerUpdateBody } from '@contract/prayer-updates'
import type { Database } from '../db/client'
import { enforceContentPolicy } from '../content-policy/content-check'
import { assertCanSeeIntention, INTENTION_CLOSED, isIntentionClosed } from './intention-access'
import type { WriteContext } from '../auth/route-context'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { prayerUpdatesTable, type PrayerUpdateRow } from './prayer-updates.table'

function toPrayerUpdate(row: PrayerUpdateRow): PrayerUpdate {
  return { update_id: row.id, text: row.text, created_at: row.createdAt.toISOString() }
}

/** The timeline, oldest first, of a request the caller already may see. */
export async function listPrayerUpdates(
  db: Database,
  intentionId: string,
): Promise<PrayerUpdate[]> {
  const rows = await db
    .select()
    .from(prayerUpdatesTable)
    .where(eq(prayerUpdatesTable.intentionId, intentionId))
    .orderBy(asc(prayerUpdatesTable.createdAt), asc(prayerUpdatesTable.id))
  return rows.map(toPrayerUpdate)
}

/**
 * POST /api/v1/intentions/{id}/updates: only the request's author (403), only while it is
 * active (423 `closed`), under the content policy of details (422).
 */
export async function postPrayerUpdate(
  context: WriteContext,
  intentionId: string,
  body: PrayerUpdateBody,
): Promise<PrayerUpdate> {
  const intention = await assertCanSeeIntention({ ...context, intentionId })
  if (intention.authorId !== context.viewer.userId)
    throw httpError(403, ErrorCode.forbidden, 'Only the author of a request can post an update.')
  if (intention.removedAt)
    throw httpError(404, ErrorCode.notFound, 'This prayer may have been removed.')
  if (isIntentionClosed(intention)) throw httpError(423, ErrorCode.closed, INTENTION_CLOSED)
  enforceContentPolicy(context.contentPolicy, [body.text])
  const row = await context.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(prayerUpdatesTable)
      .values({ intentionId, text: body.text, createdAt: context.now })
      .returning()
    const { userId, displayName } = context.viewer
    await recordEvent(
      tx,
      {
        type: 'PrayerUpdatePosted',
        payload: { updateId: inserted!.id, intentionId, actor: { userId, displayName } },
      },
      { occurredAt: context.now },
    )
    return inserted!
  })
  return toPrayerUpdate(row)
}
