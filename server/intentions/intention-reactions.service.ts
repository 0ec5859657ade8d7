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

// The answer's columns: read after a write that changed nothing, and otherwise returned by the
// counter's own update (issue 45: one statement less a write), which sees the transaction's
// insert or delete as a read after it would.
function stateColumns(db: Database, viewer: Viewer, now: Date) {
  const flags = viewerFlags(db, flagsFor(viewer, now))
  return {
    amen_count: intentionsTable.amenCount,
    candle_count: intentionsTable.candleCount,
    prayed_count: intentionsTable.prayedCount,
    said_amen: flags.saidAmen,
    lighted_candle: flags.lightedCandle,
    has_prayed: flags.hasPrayed,
    authorId: intentionsTable.authorId,
  }
}

interface StateRow {
  amen_count: number
  candle_count: number
  prayed_count: number
  said_amen: boolean
  lighted_candle: boolean
  has_prayed: boolean
  authorId: string
}

function answerOf(
  { viewer, showPrayerCounts }: ReactionContext,
  state: StateRow,
): IntentionReactionResponse {
  const { authorId, prayed_count, ...rest } = state
  return {
    ...rest,
    ...(prayerCountShown(showPrayerCounts, authorId, viewer) ? { prayed_count } : {}),
  } as IntentionReactionResponse
}

async function reactionState(
  context: ReactionContext,
  intentionId: string,
  moved: StateRow | undefined,
): Promise<IntentionReactionResponse> {
  if (moved) return answerOf(context, moved)
  const { db, viewer, now } = context
  const [state] = await db
    .select(stateColumns(db, viewer, now))
    .from(intentionsTable)
    .where(eq(intentionsTable.id, intentionId))
  return answerOf(context, state!)
}

/**
 * POST /api/v1/intentions/{id}/pray: one prayer per member per UTC day. A second prayer the
 * same day changes nothing and answers the same counts. The counter moves only when the
 * insert did, in the same transaction, so it always equals the rows (DESIGN §3).
 */
export async function prayForIntention(context: ReactionContext, intentionId: string) {
  const { db, viewer, now } = context
  await assertCanRespondToIntention({ db, viewer, intentionId })
  const moved = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(prayersTable)
      .values({ intentionId, userId: viewer.userId, prayedOn: utcDay(now), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: prayersTable.id })
    if (inserted.length === 0) return undefined
    const [state] = await tx
      .update(intentionsTable)
      .set({ prayedCount: sql`${intentionsTable.prayedCount} + 1` })
      .where(eq(intentionsTable.id, intentionId))
      .returning(stateColumns(tx, viewer, now))
    await recordEvent(
      tx,
      {
        type: 'PrayerRecorded',
        payload: { intentionId, actor: actorOf(viewer), day: utcDay(now) },
      },
      { occurredAt: now },
    )
    return state
  })
  return reactionState(context, intentionId, moved)
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
  const moved = await db.transaction(async (tx): Promise<StateRow | undefined> => {
    const move = async (delta: 1 | -1) => {
      const [state] = await tx
        .update(intentionsTable)
        .set({ [kind === 'amen' ? 'amenCount' : 'candleCount']: sql`${counter} + ${delta}` })
        .where(eq(intentionsTable.id, intentionId))
        .returning(stateColumns(tx, viewer, now))
      await recordEvent(
        tx,
        {
          type: 'ReactionChanged',
          payload: { intentionId, actor: actorOf(viewer), kind, active: delta === 1 },
        },
        { occurredAt: now },
      )
      return state
    }
    if (body.active !== true) {
      const removed = await tx
        .delete(intentionReactionsTable)
        .where(mine)
        .returning({ id: intentionReactionsTable.id })
      if (removed.length > 0) return move(-1)
      if (body.active === false) return undefined
    }
    const added = await tx
      .insert(intentionReactionsTable)
      .values({ intentionId, userId: viewer.userId, kind, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: intentionReactionsTable.id })
    return added.length > 0 ? move(1) : undefined
  })
  return reactionState(context, intentionId, moved)
}
