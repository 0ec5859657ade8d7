import { and, desc, eq, exists, type Placeholder, sql, type SQL } from 'drizzle-orm'
import { ANONYMOUS_AUTHOR_NAME, type IdentityMode } from '@contract/intentions'
import type { Testimony } from '@contract/testimonies'
import { isModeratorViewer, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { inTransaction } from '../db/scoped-database'
import { underReview } from '../reports/held'
import { intentionsTable } from '../intentions/intentions.table'
import { accountName } from '../users/account-name-sql'
import { linkShown } from './testimony-links'
import { testimonyReactionsTable } from './testimony-reactions.table'
import { testimoniesTable, type TestimonyRow } from './testimonies.table'

// One row per card, said_amen included as a correlated EXISTS over the reactions' unique
// index: a page is one query whatever its size (DESIGN §3). The linked prayer is joined for its
// title; whether the link leaves the server is decided in toTestimony.
function viewFields(db: Database, viewerId: string | Placeholder) {
  return {
    row: testimoniesTable,
    authorDisplayName: accountName(testimoniesTable.authorId),
    intentionTitle: intentionsTable.title,
    intentionIdentityMode: intentionsTable.identityMode,
    intentionRemovedAt: intentionsTable.removedAt,
    saidAmen: exists(
      db
        .select({ one: testimonyReactionsTable.id })
        .from(testimonyReactionsTable)
        .where(
          and(
            eq(testimonyReactionsTable.testimonyId, testimoniesTable.id),
            eq(testimonyReactionsTable.userId, viewerId),
            eq(testimonyReactionsTable.kind, 'amen'),
          ),
        ),
    ).mapWith(Boolean),
  }
}

interface ViewRow {
  row: TestimonyRow
  authorDisplayName: string
  intentionTitle: string | null
  intentionIdentityMode: IdentityMode | null
  intentionRemovedAt: Date | null
  saidAmen: boolean
}

// A removed prayer's title is hidden like the prayer itself, except from moderators (DESIGN §3).
function linkedIntention(view: ViewRow, viewer: Viewer) {
  const { row } = view
  const identityMode = view.intentionIdentityMode
  if (!row.intentionId || view.intentionTitle === null || identityMode === null) return null
  if (view.intentionRemovedAt && !isModeratorViewer(viewer)) return null
  if (!linkShown({ ...row, identityMode }, viewer)) return null
  return { id: row.intentionId, title: view.intentionTitle }
}

// An anonymous testimony never names its author, not even by id: `is_mine` tells the author.
function toTestimony(view: ViewRow, viewer: Viewer): Testimony {
  const { row } = view
  const intention = linkedIntention(view, viewer)
  return {
    testimony_id: row.id,
    title: row.title,
    text: row.text,
    category_tags: row.categoryTags,
    visibility: row.visibility,
    intention_id: intention?.id ?? null,
    intention_title: intention?.title ?? null,
    author_display_name:
      row.visibility === 'anonymous' ? ANONYMOUS_AUTHOR_NAME : view.authorDisplayName,
    created_at: row.createdAt.toISOString(),
    said_amen: view.saidAmen,
    amen_count: row.amenCount,
    is_mine: row.authorId === viewer.userId,
    ...underReview(row, viewer),
  }
}

/** Testimonies as the viewer sees them, newest first; `where` carries visibility and cursor. */
export async function selectTestimonyViews({
  db,
  viewer,
  where,
  limit,
}: {
  db: Database
  viewer: Viewer
  where: SQL | undefined
  limit: number
}): Promise<Testimony[]> {
  const rows = await db
    .select(viewFields(db, viewer.userId))
    .from(testimoniesTable)
    .leftJoin(intentionsTable, eq(intentionsTable.id, testimoniesTable.intentionId))
    .where(where)
    .orderBy(desc(testimoniesTable.createdAt), desc(testimoniesTable.id))
    .limit(limit)
  return rows.map((view) => toTestimony(view, viewer))
}

const VIEWER_ID = sql.placeholder('viewerId')
const IDS = sql.placeholder('ids')

function byIdsQuery(db: Database) {
  return db
    .select(viewFields(db, VIEWER_ID))
    .from(testimoniesTable)
    .leftJoin(intentionsTable, eq(intentionsTable.id, testimoniesTable.intentionId))
    .where(sql`${testimoniesTable.id} = any(string_to_array(${IDS}, ',')::uuid[])`)
}

/**
 * These testimonies as the viewer sees them (the caller already checked they may), in no
 * order: search's cards (issue 43). Prepared once per database, so a search pays neither the
 * query builder nor, after its first runs on a connection, the planner; inside a batch's
 * transaction built for it (a prepared statement is bound to the database it was built on).
 */
export async function selectTestimonyViewsByIds(
  db: Database,
  viewer: Viewer,
  ids: string[],
): Promise<Testimony[]> {
  const values = { viewerId: viewer.userId, ids: ids.join(',') }
  const rows = inTransaction()
    ? await byIdsQuery(db).execute(values)
    : await preparedOnce(db, 'testimony_cards_by_ids', () =>
        byIdsQuery(db).prepare('testimony_cards_by_ids'),
      ).execute(values)
  return rows.map((view) => toTestimony(view, viewer))
}

/** One testimony the caller already checked the viewer may see (findVisibleTestimony). */
export async function loadTestimonyView(db: Database, viewer: Viewer, testimonyId: string) {
  const [view] = await selectTestimonyViews({
    db,
    viewer,
    where: eq(testimoniesTable.id, testimonyId),
    limit: 1,
  })
  return view!
}
