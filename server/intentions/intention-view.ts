import { eq, sql, type SQL } from 'drizzle-orm'
import { ANONYMOUS_AUTHOR_NAME, type Intention } from '@contract/intentions'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { underReview } from '../reports/held'
import { groupNameOf } from '../groups/group-reads'
import { reportedBy } from '../reports/reported-by'
import { intentionTagsTable, tagsTable } from './tags.table'
import { usersTable } from '../users/users.table'
import { intentionsTable, type IntentionRow } from './intentions.table'
import type { StoredTestimonyLink, TestimonyLink, TestimonyPort } from './testimony-port'
import { flagsFor, type FlagsFor, type ViewerFlags, viewerFlags } from './viewer-flags'
import { prayerUpdatesTable } from './prayer-updates.table'

// One row per card: a page costs one query, never one per card (DESIGN §3). The author's
// names are joined here for the same reason; which of them leaves the server is decided in
// toIntention below. These are the fields every viewer who may see the card is shown alike,
// which the feed's cache keeps (issue 22, feed-cache.ts); the viewer's own come apart.
function sharedFields(db: Database, testimonies: TestimonyPort) {
  const tagNames = db
    .select({ names: sql`json_agg(${tagsTable.name} order by ${intentionTagsTable.position})` })
    .from(intentionTagsTable)
    .innerJoin(tagsTable, eq(tagsTable.id, intentionTagsTable.tagId))
    .where(eq(intentionTagsTable.intentionId, intentionsTable.id))
  // Issue 20: the card's dated timeline of prayer updates, oldest first, in the same query.
  const updates = db
    .select({
      items: sql`json_agg(json_build_object('update_id', ${prayerUpdatesTable.id}, 'text', ${prayerUpdatesTable.text}, 'created_at', ${prayerUpdatesTable.createdAt}) order by ${prayerUpdatesTable.createdAt}, ${prayerUpdatesTable.id})`,
    })
    .from(prayerUpdatesTable)
    .where(eq(prayerUpdatesTable.intentionId, intentionsTable.id))
  return {
    row: intentionsTable,
    authorDisplayName: usersTable.displayName,
    authorFirstName: usersTable.firstName,
    authorLastName: usersTable.lastName,
    groupName: groupNameOf(intentionsTable.groupId),
    tags: sql<string[]>`coalesce((${tagNames}), '[]'::json)`,
    updates: sql<StoredUpdate[]>`coalesce((${updates}), '[]'::json)`,
    // The card's testimony link, from the testimonies capability (DESIGN §3), in the same query.
    // Whether this viewer may follow it is decided per viewer (linkFrom), so it is shared.
    testimony: testimonies.linkColumn(db),
  }
}

function viewFields(db: Database, flags: FlagsFor, testimonies: TestimonyPort) {
  return {
    ...sharedFields(db, testimonies),
    ...viewerFlags(db, flags),
    hasReported: reportedBy('intention', intentionsTable.id, flags.userId),
  }
}

type StoredUpdate = { update_id: string; text: string; created_at: string }

/** A card's fields that are the same for every viewer who may see it. */
export type SharedViewRow = {
  row: IntentionRow
  authorDisplayName: string
  authorFirstName: string | null
  authorLastName: string | null
  groupName: string | null
  tags: string[]
  updates: StoredUpdate[]
  testimony: StoredTestimonyLink | null
}

export type ViewRow = SharedViewRow & ViewerFlags

// Spec 001 §3 with the privacy rules of issue 4: an anonymous author is never named (not even
// by id: `is_mine` replaces author_user_id); a real name only exists on private-group posts,
// which only members can load at all.
export function authorName(
  identityMode: IntentionRow['identityMode'],
  author: { displayName: string; firstName: string | null; lastName: string | null },
): string {
  if (identityMode === 'anonymous') return ANONYMOUS_AUTHOR_NAME
  if (identityMode === 'real_name') {
    const realName = [author.firstName, author.lastName].filter(Boolean).join(' ').trim()
    if (realName) return realName
  }
  return author.displayName
}

/** The author of one intention as its card names them (comments name the OP the same way). */
export async function intentionAuthorName(
  db: Database,
  intention: Pick<IntentionRow, 'authorId' | 'identityMode'>,
): Promise<string> {
  const [author] = await db
    .select({
      displayName: usersTable.displayName,
      firstName: usersTable.firstName,
      lastName: usersTable.lastName,
    })
    .from(usersTable)
    .where(eq(usersTable.id, intention.authorId))
  return authorName(intention.identityMode, author!)
}

/**
 * Issue 38's show_prayer_counts: when the community hides them, a card's prayer count leaves the
 * server for its author alone (docs/community.md). The viewer's own `has_prayed` stays.
 */
export function prayerCountShown(showPrayerCounts: boolean, authorId: string, viewer: Viewer) {
  return showPrayerCounts || authorId === viewer.userId
}

function toIntention(
  view: ViewRow,
  viewer: Viewer,
  showPrayerCounts: boolean,
  testimony?: TestimonyLink,
): Intention {
  const { row } = view
  return {
    intention_id: row.id,
    title: row.title,
    details: row.details,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    author_display_name: authorName(row.identityMode, {
      displayName: view.authorDisplayName,
      firstName: view.authorFirstName,
      lastName: view.authorLastName,
    }),
    identity_mode: row.identityMode,
    status: row.status,
    closure_reason: row.closureReason,
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    tags: view.tags,
    scripture_ref: row.scriptureRef,
    destination: row.destination,
    group_id: row.groupId,
    group_name: view.groupName,
    ...(prayerCountShown(showPrayerCounts, row.authorId, viewer)
      ? { prayed_count: row.prayedCount }
      : {}),
    amen_count: row.amenCount,
    candle_count: row.candleCount,
    comments_count: row.commentsCount,
    has_prayed: view.hasPrayed,
    said_amen: view.saidAmen,
    lighted_candle: view.lightedCandle,
    has_reported: view.hasReported,
    has_testimony: testimony !== undefined,
    testimony_id: testimony?.testimonyId ?? null,
    testimony_title: testimony?.title ?? null,
    is_mine: row.authorId === viewer.userId,
    // JSON gives the database's own timestamp format; the wire's is ISO 8601 in UTC.
    updates: view.updates.map((update) => ({
      ...update,
      created_at: new Date(update.created_at).toISOString(),
    })),
    ...underReview(row, viewer),
  }
}

interface ViewsQuery {
  where: SQL | undefined
  limit: number
  oldestFirst: boolean
  testimonies: TestimonyPort
}

/** The page's query: its ids by the keyset index first, then each card's fields. */
export function viewsQuery(db: Database, flags: FlagsFor, query: ViewsQuery) {
  const { page, order } = pageOf(db, query)
  return db
    .select(viewFields(db, flags, query.testimonies))
    .from(page)
    .innerJoin(intentionsTable, eq(intentionsTable.id, page.pageId))
    .innerJoin(usersTable, eq(usersTable.id, intentionsTable.authorId))
    .orderBy(...order)
}

/** As viewsQuery without the viewer's flags: what the feed's cache keeps (issue 22). */
export function sharedViewsQuery(db: Database, query: ViewsQuery) {
  const { page, order } = pageOf(db, query)
  return db
    .select(sharedFields(db, query.testimonies))
    .from(page)
    .innerJoin(intentionsTable, eq(intentionsTable.id, page.pageId))
    .innerJoin(usersTable, eq(usersTable.id, intentionsTable.authorId))
    .orderBy(...order)
}

function pageOf(db: Database, { where, limit, oldestFirst }: ViewsQuery) {
  const direction = oldestFirst ? sql`asc` : sql`desc`
  const order = [
    sql`${intentionsTable.createdAt} ${direction}`,
    sql`${intentionsTable.id} ${direction}`,
  ]
  // The page is picked first (the keyset index alone), then its rows get the viewer's flags.
  // In one flat query the planner sizes the EXISTS flags for every matching row, not for the
  // page, and hashes them: a scan of all prayers and reactions per request (bench:feed).
  const page = db
    .select({ pageId: intentionsTable.id })
    .from(intentionsTable)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .as('page')
  return { page, order }
}

export function toIntentions(
  viewer: Viewer,
  testimonies: TestimonyPort,
  rows: ViewRow[],
  showPrayerCounts: boolean,
): Intention[] {
  return rows.map((view) =>
    toIntention(
      view,
      viewer,
      showPrayerCounts,
      testimonies.linkFrom(view.testimony, viewer, view.row.identityMode),
    ),
  )
}

/**
 * Intentions as the viewer sees them, newest first. The caller's `where` carries the
 * visibility rule (visibleToViewer) and any filter or cursor.
 */
export async function selectIntentionViews({
  db,
  viewer,
  now,
  where,
  limit,
  oldestFirst = false,
  testimonies,
  showPrayerCounts,
}: {
  db: Database
  viewer: Viewer
  now: Date
  where: SQL | undefined
  limit: number
  oldestFirst?: boolean
  testimonies: TestimonyPort
  showPrayerCounts: boolean
}): Promise<Intention[]> {
  const query = viewsQuery(db, flagsFor(viewer, now), { where, limit, oldestFirst, testimonies })
  return toIntentions(viewer, testimonies, await query, showPrayerCounts)
}
