import { and, eq, exists, type Placeholder, sql, type SQL } from 'drizzle-orm'
import type { IntentionReactionKind } from '@contract/intentions'
import type { Viewer, ViewerId } from '../auth/viewer'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { reportsTable } from '../reports/reports.table'
import { intentionsTable } from './intentions.table'
import { intentionReactionsTable, prayersTable } from './reactions.table'

// What the viewer alone is shown on a card (spec 001 §3's has_* flags), in two forms: columns
// of the page's query (the feed without its cache, a card's detail), and one query over a
// page's ids (the cached feed, ADR 0026, whose rows are shared by many viewers).

export type ViewerFlags = {
  hasPrayed: boolean
  saidAmen: boolean
  lightedCandle: boolean
  hasReported: boolean
}

export const NO_FLAGS: ViewerFlags = Object.freeze({
  hasPrayed: false,
  saidAmen: false,
  lightedCandle: false,
  hasReported: false,
})

/** has_prayed means "prayed today" in UTC (DESIGN §3). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/** Whose flags a query computes, and for which UTC day: values, or a prepared statement's placeholders. */
export interface FlagsFor {
  userId: ViewerId
  day: string | Placeholder
}

export function flagsFor(viewer: Pick<Viewer, 'userId'>, now: Date): FlagsFor {
  return { userId: viewer.userId, day: utcDay(now) }
}

// Per-viewer flags as correlated EXISTS over unique indexes. Built with the query builder, not
// raw `sql`, because drizzle leaves columns unqualified in a single-table select, which would
// silently correlate the subquery with itself.
export function viewerFlags(db: Database, { userId, day }: FlagsFor) {
  const reacted = (kind: IntentionReactionKind) =>
    exists(
      db
        .select({ one: intentionReactionsTable.id })
        .from(intentionReactionsTable)
        .where(
          and(
            eq(intentionReactionsTable.intentionId, intentionsTable.id),
            eq(intentionReactionsTable.userId, userId),
            eq(intentionReactionsTable.kind, kind),
          ),
        ),
    )
  return {
    hasPrayed: exists(
      db
        .select({ one: prayersTable.id })
        .from(prayersTable)
        .where(
          and(
            eq(prayersTable.intentionId, intentionsTable.id),
            eq(prayersTable.userId, userId),
            eq(prayersTable.prayedOn, day),
          ),
        ),
    ).mapWith(Boolean),
    saidAmen: reacted('amen').mapWith(Boolean),
    lightedCandle: reacted('candle').mapWith(Boolean),
  }
}

const VIEWER_ID = sql.placeholder('viewerId')
const IDS = sql.placeholder('ids')
/** A comma list of uuids as an array: one text value, so PGlite keeps the plan (ADR 0020). */
const anyOf = (list: SQL | Placeholder) => sql`any(string_to_array(${list}, ',')::uuid[])`

/** Which flag each row of flagsStatement sets. */
const FLAG_OF: Record<string, keyof ViewerFlags> = {
  prayed: 'hasPrayed',
  amen: 'saidAmen',
  candle: 'lightedCandle',
  reported: 'hasReported',
}

const FLAGS_STATEMENT = 'feed_viewer_flags'

// By the unique indexes: (intention, user, day), (intention, user, kind), (type, target, reporter).
function flagsStatement(db: Database) {
  return db
    .select({ id: prayersTable.intentionId, flag: sql<string>`'prayed'::text` })
    .from(prayersTable)
    .where(
      and(
        eq(prayersTable.userId, VIEWER_ID),
        eq(prayersTable.prayedOn, sql.placeholder('day')),
        sql`${prayersTable.intentionId} = ${anyOf(IDS)}`,
      ),
    )
    .unionAll(
      db
        .select({ id: intentionReactionsTable.intentionId, flag: intentionReactionsTable.kind })
        .from(intentionReactionsTable)
        .where(
          and(
            eq(intentionReactionsTable.userId, VIEWER_ID),
            sql`${intentionReactionsTable.intentionId} = ${anyOf(IDS)}`,
          ),
        ),
    )
    .unionAll(
      db
        .select({ id: reportsTable.targetId, flag: sql<string>`'reported'::text` })
        .from(reportsTable)
        .where(
          and(
            eq(reportsTable.targetType, 'intention'),
            eq(reportsTable.reporterId, VIEWER_ID),
            sql`${reportsTable.targetId} = ${anyOf(IDS)}`,
          ),
        ),
    )
    .prepare(FLAGS_STATEMENT)
}

/** The viewer's flags on these cards, by card id (a card without any is left out). */
export async function flagsOfCards(
  db: Database,
  viewerId: string,
  day: string,
  ids: string[],
): Promise<Map<string, ViewerFlags>> {
  const statement = preparedOnce(db, FLAGS_STATEMENT, () => flagsStatement(db))
  const rows = ids.length ? await statement.execute({ viewerId, day, ids: ids.join(',') }) : []
  const flags = new Map<string, ViewerFlags>()
  for (const { id, flag } of rows) {
    const name = FLAG_OF[flag]
    if (name) flags.set(id, { ...(flags.get(id) ?? NO_FLAGS), [name]: true })
  }
  return flags
}
