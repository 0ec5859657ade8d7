import { and, eq, exists, isNull, ne, type Placeholder, sql, type SQL } from 'drizzle-orm'
import type { Intention, IntentionFeedQuery, IntentionFeedResponse } from '@contract/intentions'
import { normaliseTag } from '@contract/tags'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { keysetPage } from '../db/keyset-page'
import { inTransaction } from '../db/scoped-database'
import { intentionTagsTable, tagsTable } from './tags.table'
import { shownDespiteHold } from '../reports/held'
import { visibleToGroups, visibleToViewer } from './intention-access'
import type { FeedCache } from './feed-cache'
import { selectPreparedIntentionViews } from './prepared-intention-views'
import { sharedFeedBody } from './shared-feed'
import { intentionsTable } from './intentions.table'
import type { TestimonyPort } from './testimony-port'

// Every value in the feed's SQL is a placeholder: one statement per set of filters, built and
// prepared once (selectPreparedIntentionViews), filled from the request at each run.
const param = {
  tag: sql.placeholder('tag'),
  status: sql.placeholder('status'),
  destination: sql.placeholder('destination'),
  groupId: sql.placeholder('groupId'),
  cursorAt: sql.placeholder('cursorAt'),
  cursorId: sql.placeholder('cursorId'),
}

function hasTag(db: Database): SQL {
  return exists(
    db
      .select({ one: intentionTagsTable.tagId })
      .from(intentionTagsTable)
      .innerJoin(tagsTable, eq(tagsTable.id, intentionTagsTable.tagId))
      .where(
        and(eq(intentionTagsTable.intentionId, intentionsTable.id), eq(tagsTable.name, param.tag)),
      ),
  )
}

/**
 * Keyset on (created_at, id), newest first; oldest first for the Needs prayer tab, where the
 * longest-waiting request gets the first prayer. The cursor is a pair of placeholders.
 */
function feedKeyset(query: IntentionFeedQuery) {
  return keysetPage({
    cursor: query.cursor && { createdAt: param.cursorAt, id: param.cursorId },
    limit: query.limit,
    order: query.needs_prayer ? 'oldest-first' : 'newest-first',
  })
}

// Written into the SQL, not a placeholder: PostgreSQL estimates how many rows a status keeps
// from its value, and with a placeholder the plan it could keep looks too costly to keep, so
// it plans the feed's query again at every request (issue 22; selectPreparedIntentionViews).
const ACTIVE = sql`'active'`

/** Issue 20: active requests of others that nobody has prayed for yet. */
function needsPrayer(viewerId: Placeholder): SQL {
  return and(
    eq(intentionsTable.status, ACTIVE),
    eq(intentionsTable.prayedCount, sql`0`),
    ne(intentionsTable.authorId, viewerId),
  )!
}

function statusFilter(query: IntentionFeedQuery): SQL | undefined {
  if (query.needs_prayer) return undefined
  if (query.status) return eq(intentionsTable.status, param.status)
  // The Answered tab: answered and released prayers together.
  if (query.closed) return ne(intentionsTable.status, ACTIVE)
  if (!query.include_all_statuses) return eq(intentionsTable.status, ACTIVE)
  return undefined
}

/** The filters and cursor of a feed's SQL; its name is statementName's. */
function filters(db: Database, query: IntentionFeedQuery, tag: string, viewerId: Placeholder) {
  return [
    statusFilter(query),
    query.destination ? eq(intentionsTable.destination, param.destination) : undefined,
    query.group_id ? eq(intentionsTable.groupId, param.groupId) : undefined,
    query.mine ? eq(intentionsTable.authorId, viewerId) : undefined,
    query.tag !== undefined ? (tag ? hasTag(db) : sql`false`) : undefined,
    query.needs_prayer ? needsPrayer(viewerId) : undefined,
    feedKeyset(query).after(intentionsTable.createdAt, intentionsTable.id),
  ]
}

/** The feed as this viewer sees it. */
function feedWhere(db: Database, query: IntentionFeedQuery, tag: string, viewerId: Placeholder) {
  return and(
    isNull(intentionsTable.removedAt),
    shownDespiteHold(intentionsTable, { userId: viewerId }),
    visibleToViewer({ userId: viewerId }),
    ...filters(db, query, tag, viewerId),
  )!
}

/**
 * The feed as every viewer in these groups sees it who has no held card of their own (ADR 0026):
 * nobody sees another's held card, so none is in it. Only for filters that do not name the
 * viewer (shareable below).
 */
function sharedWhere(db: Database, query: IntentionFeedQuery, tag: string, groups: Placeholder) {
  const noViewer = sql.placeholder('noViewer')
  return and(
    isNull(intentionsTable.removedAt),
    isNull(intentionsTable.heldAt),
    visibleToGroups(groups),
    ...filters(db, query, tag, noViewer),
  )!
}

/** My requests and Needs prayer name the viewer in their SQL: nothing to share. */
function shareable(query: IntentionFeedQuery): boolean {
  return !query.mine && !query.needs_prayer && !inTransaction()
}

/**
 * Names the feed's SQL by the filters present: each set of filters is a statement of its own,
 * and only the filters change its text.
 */
function statementName(query: IntentionFeedQuery, tag: string): string {
  const filters = {
    n: query.needs_prayer,
    s: query.status !== undefined,
    c: query.closed,
    a: query.include_all_statuses,
    d: query.destination !== undefined,
    g: query.group_id !== undefined,
    m: query.mine,
    t: query.tag !== undefined && tag !== '',
    f: query.tag !== undefined && tag === '',
    k: query.cursor !== undefined,
  }
  const present = Object.entries(filters).filter(([, on]) => on)
  return `intention_feed_${present.map(([letter]) => letter).join('')}`
}

interface FeedInput {
  db: Database
  viewer: Viewer
  now: Date
  query: IntentionFeedQuery
  testimonies: TestimonyPort
  showPrayerCounts: boolean
}

/** The statement's name and the values it runs with. */
function feedStatement(query: IntentionFeedQuery) {
  const tag = query.tag === undefined ? '' : normaliseTag(query.tag)
  const values = {
    tag,
    status: query.status,
    destination: query.destination,
    groupId: query.group_id,
    cursorAt: query.cursor?.createdAt,
    cursorId: query.cursor?.id,
  }
  return { tag, statement: statementName(query, tag), values, limit: feedKeyset(query).take }
}

/** A page out of the statement's rows. */
function feedResponse(rows: Intention[], query: IntentionFeedQuery): IntentionFeedResponse {
  const { items, nextCursor } = feedKeyset(query).page(rows, (row) => ({
    createdAt: row.created_at,
    id: row.intention_id,
  }))
  return { items, next_cursor: nextCursor }
}

/**
 * GET /api/v1/intentions. Removed intentions leave the feed for everyone, moderators included:
 * a card has no "removed" marker, so a moderator would see them as live (they open one by id).
 */
export async function listIntentions(input: FeedInput): Promise<IntentionFeedResponse> {
  const { db, query } = input
  const { tag, statement, values, limit } = feedStatement(query)
  const items = await selectPreparedIntentionViews({
    ...input,
    ...{ statement, values, limit },
    build: (viewerId) => ({
      where: feedWhere(db, query, tag, viewerId),
      oldestFirst: query.needs_prayer,
    }),
  })
  return feedResponse(items, query)
}

/**
 * The feed as the route sends it: through the process's cache (ADR 0026) a body already
 * serialised by `serialize` (the route's schema check), or listIntentions' response where this
 * viewer's page may not be shared.
 */
export async function serveFeed(
  input: FeedInput & { cache: FeedCache; serialize: (response: IntentionFeedResponse) => string },
): Promise<string | IntentionFeedResponse> {
  const { db, query, cache, serialize } = input
  if (cache.enabled && shareable(query)) {
    const { tag, statement, values, limit } = feedStatement(query)
    const body = await sharedFeedBody({
      ...input,
      ...{ values, limit },
      statement: `${statement}_shared`,
      build: (groups) => ({ where: sharedWhere(db, query, tag, groups), oldestFirst: false }),
      // Every value the statement runs with: the page's key beside its name and groups.
      key: JSON.stringify(values),
      respond: (items) => serialize(feedResponse(items, query)),
    })
    if (body !== undefined) return body
  }
  return listIntentions(input)
}
