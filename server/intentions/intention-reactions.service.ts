import { and, eq, sql } from 'drizzle-orm'
import type { IntentionReactionBody, IntentionReactionResponse } from '@contract/intentions'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { assertCanRespondToIntention } from './intention-access'
import { flagsFor, utcDay, viewerFlags } from './viewer-flags'
import { prayerCountShown } from './intention-view'
import { intentionsTable } from './intentions.table'
import { intentionReactionsTable, prayersTable } from './reactions.table'

interface ReactionContext {
  db: Database
  viewer: Viewer
  now: Date
  showPrayerCounts: boolean
}

const counterOf = {
  amen: intentionsTable.amenCount,
  candle: intentionsTable.candleCount,
} as const

async function reactionState(
  { db, viewer, now, showPrayerCounts }: ReactionContext,
  intentionId: string,
): Promise<IntentionReactionResponse> {
  const flags = viewerFlags(db, flagsFor(viewer, now))
  const [state] = await db
    .select({
      amen_count: intentionsTable.amenCount,
      candle_count: intentionsTable.candleCount,
      prayed_count: intentionsTable.prayedCount,
      said_amen: flags.saidAmen,
      lighted_candle: flags.lightedCandle,
      has_prayed: flags.hasPrayed,
      authorId: intentionsTable.authorId,
    })
    .from(intentionsTable)
    .where(eq(intentionsTable.id, intentionId))
  const { authorId, prayed_count, ...rest } = state!
  return {
    ...rest,
    ...(prayerCountShown(showPrayerCounts, authorId, viewer) ? { prayed_count } : {}),
  } as IntentionReactionResponse
}

/**
 * POST /api/v1/intentions/{id}/pray: one prayer per member per UTC day. A second prayer the
 * same day changes nothing and answers the same counts. The counter moves only when the
 * insert did, in the same transaction, so it always equals the rows (DESIGN §3).
 */
export async function prayForIntention(context: ReactionContext, intentionId: string) {
  const { db, viewer, now } = context
  await assertCanRespondToIntention({ db, viewer, intentionId })
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(prayersTable)
      .values({ intentionId, userId: viewer.userId, prayedOn: utcDay(now), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: prayersTable.id })
    if (inserted.length > 0) {
      await tx
        .update(intentionsTable)
        .set({ prayedCount: sql`${intentionsTable.prayedCount} + 1` })
        .where(eq(intentionsTable.id, intentionId))
      await recordEvent(
        tx,
        {
          type: 'PrayerRecorded',
          payload: { intentionId, actor: actorOf(viewer), day: utcDay(now) },
        },
        { occurredAt: now },
      )
    }
  })
  return reactionState(context, intentionId)
}

/**
 * POST /api/v1/intentions/{id}/reactions: toggles amen or candle, or sets it when `active` is
 * given (the outbox's replays, DESIGN §6). `count = count ± 1` runs only when this request's
 * own insert or delete changed a row, so any number of concurrent toggles ends exact.
 */
export async function reactToIntention(
  context: ReactionContext,
  intentionId: string,
  body: IntentionReactionBody,
) {
  const { db, viewer, now } = context
  await assertCanRespondToIntention({ db, viewer, intentionId })
  const { kind } = body
  const counter = counterOf[kind]
  const mine = and(
    eq(intentionReactionsTable.intentionId, intentionId),
    eq(intentionReactionsTable.userId, viewer.userId),
    eq(intentionReactionsTable.kind, kind),
  )
  await db.transaction(async (tx) => {
    const move = async (delta: 1 | -1) => {
      await tx
        .update(intentionsTable)
        .set({ [kind === 'amen' ? 'amenCount' : 'candleCount']: sql`${counter} + ${delta}` })
        .where(eq(intentionsTable.id, intentionId))
      await recordEvent(
        tx,
        {
          type: 'ReactionChanged',
          payload: { intentionId, actor: actorOf(viewer), kind, active: delta === 1 },
        },
        { occurredAt: now },
      )
    }
    if (body.active !== true) {
      const removed = await tx
        .delete(intentionReactionsTable)
        .where(mine)
        .returning({ id: intentionReactionsTable.id })
      if (removed.length > 0) return move(-1)
      if (body.active === false) return
    }
    const added = await tx
      .insert(intentionReactionsTable)
      .values({ intentionId, userId: viewer.userId, kind, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: intentionReactionsTable.id })
    if (added.length > 0) await move(1)
  })
  return reactionState(context, intentionId)
}
