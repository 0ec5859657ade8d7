import {
  and,
  count,
  countDistinct,
  eq,
  inArray,
  gte,
  isNull,
  lt,
  max,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import type { Database } from '../db/client'
import { shownDespiteHold } from '../reports/held'
import { visibleToViewer } from './intention-access'
import { intentionsTable, type IntentionRow } from './intentions.table'
import { prayerUpdatesTable, type PrayerUpdateRow } from './prayer-updates.table'
import { prayersTable } from './reactions.table'

// What the capabilities after intentions (the prayer list, notifications) ask of intentions and their prayers
// and updates: they never read these tables themselves (server-tables-are-private,
// docs/architecture.md), so the rules of a removed or unseen request stay here.

export type { IntentionRow, PrayerUpdateRow }

/** A live (not removed) intention, or undefined: removed content raises nothing (issue 6). */
export async function findLiveIntention(
  db: Database,
  intentionId: string,
): Promise<IntentionRow | undefined> {
  const [row] = await db
    .select()
    .from(intentionsTable)
    .where(and(eq(intentionsTable.id, intentionId), isNull(intentionsTable.removedAt)))
  return row
}

/** An intention's title, removed or not. */
export async function intentionTitle(db: Database, intentionId: string) {
  const [row] = await db
    .select({ title: intentionsTable.title })
    .from(intentionsTable)
    .where(eq(intentionsTable.id, intentionId))
  return row?.title
}

/** An intention's counters as the hub sends them, and its author (who alone may see prayed_count). */
export async function intentionCounters(db: Database, intentionId: string) {
  const [row] = await db
    .select({
      prayed_count: intentionsTable.prayedCount,
      amen_count: intentionsTable.amenCount,
      candle_count: intentionsTable.candleCount,
      comments_count: intentionsTable.commentsCount,
      authorId: intentionsTable.authorId,
    })
    .from(intentionsTable)
    .where(eq(intentionsTable.id, intentionId))
  return row
}

/** The wall's own rule: a live intention on the public wall, or in a group the member is in. */
export async function memberMaySee(db: Database, userId: string, intentionId: string) {
  const [row] = await db
    .select({ id: intentionsTable.id })
    .from(intentionsTable)
    .where(
      and(
        eq(intentionsTable.id, intentionId),
        isNull(intentionsTable.removedAt),
        visibleToViewer({ userId }),
      ),
    )
  return row !== undefined
}

/** True (as SQL) when the intention `id` names was removed by a moderator. */
export function intentionRemoved(id: SQLWrapper): SQL {
  return sql`exists (select 1 from ${intentionsTable} where ${intentionsTable.id} = ${id} and ${intentionsTable.removedAt} is not null)`
}

/** Everyone who prayed for an intention, each once, but those in `except`. */
export async function prayedFor(
  db: Database,
  intentionId: string,
  except: readonly string[] = [],
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: prayersTable.userId })
    .from(prayersTable)
    .where(
      and(
        eq(prayersTable.intentionId, intentionId),
        ...except.map((userId) => ne(prayersTable.userId, userId)),
      ),
    )
  return rows.map((row) => row.userId)
}

export async function findPrayerUpdate(
  db: Database,
  updateId: string,
): Promise<PrayerUpdateRow | undefined> {
  const [row] = await db
    .select()
    .from(prayerUpdatesTable)
    .where(eq(prayerUpdatesTable.id, updateId))
  return row
}

/** How many updates an intention's author shared since `since`. */
export async function prayerUpdatesSince(db: Database, intentionId: string, since: Date) {
  const [row] = await db
    .select({ updates: count() })
    .from(prayerUpdatesTable)
    .where(
      and(
        eq(prayerUpdatesTable.intentionId, intentionId),
        gte(prayerUpdatesTable.createdAt, since),
      ),
    )
  return row?.updates
}

/**
 * A week's prayer figures for the weekly summary, from `from` up to `to`, on live intentions:
 * how many people (not the author) prayed for each author's intentions, and how many of the
 * intentions each member prayed for were answered.
 */
export async function weekOfPrayers(db: Database, from: Date, to: Date) {
  const prayedFor = await db
    .select({ userId: intentionsTable.authorId, people: countDistinct(prayersTable.userId) })
    .from(prayersTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, prayersTable.intentionId))
    .where(
      and(
        gte(prayersTable.createdAt, from),
        lt(prayersTable.createdAt, to),
        ne(prayersTable.userId, intentionsTable.authorId),
        isNull(intentionsTable.removedAt),
      ),
    )
    .groupBy(intentionsTable.authorId)
  const answered = await db
    .select({ userId: prayersTable.userId, prayers: countDistinct(intentionsTable.id) })
    .from(prayersTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, prayersTable.intentionId))
    .where(
      and(
        eq(intentionsTable.status, 'answered'),
        gte(intentionsTable.statusChangedAt, from),
        lt(intentionsTable.statusChangedAt, to),
        ne(prayersTable.userId, intentionsTable.authorId),
        isNull(intentionsTable.removedAt),
      ),
    )
    .groupBy(prayersTable.userId)
  return { prayedFor, answered }
}

/**
 * The intentions of `ids` the member may still see (as SQL, for selectIntentionViews): not
 * removed, not held from them, on the wall or in a group they are in.
 */
export function stillVisibleAmong(db: Database, viewer: { userId: string }, ids: string[]): SQL {
  return and(
    inArray(intentionsTable.id, ids),
    isNull(intentionsTable.removedAt),
    shownDespiteHold(intentionsTable, viewer),
    visibleToViewer(viewer),
  )!
}

/** When the member last prayed for each of `ids` they prayed for, by intention id. */
export async function lastPrayedAt(db: Database, userId: string, ids: string[]) {
  const rows = await db
    .select({ intentionId: prayersTable.intentionId, at: max(prayersTable.createdAt) })
    .from(prayersTable)
    .where(and(eq(prayersTable.userId, userId), inArray(prayersTable.intentionId, ids)))
    .groupBy(prayersTable.intentionId)
  return new Map(rows.map((row) => [row.intentionId, row.at]))
}
