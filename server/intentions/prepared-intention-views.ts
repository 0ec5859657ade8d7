import { eq, type Placeholder, sql, type SQL } from 'drizzle-orm'
import type { Intention } from '@contract/intentions'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { inTransaction } from '../db/scoped-database'
import { toIntentions, type ViewRow, viewsQuery } from './intention-view'
import { utcDay } from './viewer-flags'
import { intentionsTable } from './intentions.table'
import type { TestimonyPort } from './testimony-port'

// The wall's hot reads (issue 22): intention-view.ts's query, built and prepared once per
// statement name and page size.

/** The placeholders every prepared view query has; a `where` adds its own. */
const VIEWER_ID = sql.placeholder('viewerId')
const DAY = sql.placeholder('day')

/**
 * A page size written into the SQL. PostgreSQL plans a prepared statement anew at each run
 * (a custom plan) until a plan for any values (the generic plan) looks as cheap; with the
 * limit a parameter it never does, since a generic plan cannot know how few rows are wanted,
 * and planning the feed's query cost more than running it (issue 22). drizzle's `limit` takes
 * SQL at run time though its type says number or placeholder.
 */
export function pageSize(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`not a page size: ${limit}`)
  return sql.raw(String(limit)) as unknown as number
}

/**
 * As selectIntentionViews, for the wall's hot reads (issue 22): the query is built once per
 * `statement`, page size and database, and prepared under that name, so a request pays neither
 * the query builder nor, after its first five runs on a connection, PostgreSQL's planning.
 * `build` receives the viewer's id as a placeholder and must return the same SQL for the same
 * name; a value in it is a placeholder filled from `values`, or a constant the plan depends on
 * (the default status, intention-feed.ts) written into the SQL. Inside a batch's transaction
 * (server/db/scoped-database.ts) the query is built for that transaction instead: a statement
 * built once is bound to the database it was built on.
 */
export async function selectPreparedIntentionViews({
  db,
  viewer,
  now,
  testimonies,
  statement,
  build,
  values,
  limit,
  showPrayerCounts,
}: {
  db: Database
  viewer: Viewer
  now: Date
  testimonies: TestimonyPort
  showPrayerCounts: boolean
  statement: string
  build: (viewerId: Placeholder) => { where: SQL; oldestFirst: boolean }
  values: Record<string, unknown>
  limit: number
}): Promise<Intention[]> {
  const all = { ...values, viewerId: viewer.userId, day: utcDay(now) }
  const query = () =>
    viewsQuery(
      db,
      { userId: VIEWER_ID, day: DAY },
      { ...build(VIEWER_ID), limit: pageSize(limit), testimonies },
    )
  // The limit is in the statement's text, so each page size is a statement of its own.
  const name = `${statement}_${limit}`
  const rows: ViewRow[] = inTransaction()
    ? await query().execute(all)
    : await preparedOnce(db, name, () => query().prepare(name)).execute(all)
  return toIntentions(viewer, testimonies, rows, showPrayerCounts)
}

/** One intention the caller already checked the viewer may see (assertCanSeeIntention). */
export async function loadIntentionView(input: {
  db: Database
  viewer: Viewer
  now: Date
  intentionId: string
  testimonies: TestimonyPort
  showPrayerCounts: boolean
}) {
  const [view] = await selectPreparedIntentionViews({
    ...input,
    statement: 'intention_view',
    build: () => ({
      where: eq(intentionsTable.id, sql.placeholder('intentionId')),
      oldestFirst: false,
    }),
    values: { intentionId: input.intentionId },
    limit: 1,
  })
  return view!
}
