import { and, eq, exists, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { encodeCursor, type CursorPosition } from '@contract/pagination'
import type { IntentionFeedQuery, IntentionFeedResponse } from '@contract/intentions'
import { normaliseTag } from '@contract/tags'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { intentionTagsTable, tagsTable } from './tags.table'
import { shownDespiteHold } from '../reports/held'
import { visibleToViewer } from './intention-access'
import { selectIntentionViews } from './intention-view'
import { intentionsTable } from './intentions.table'
import type { TestimonyPort } from './testimony-port'

function hasTag(db: Database, tag: string): SQL {
  return exists(
    db
      .select({ one: intentionTagsTable.tagId })
      .from(intentionTagsTable)
      .innerJoin(tagsTable, eq(tagsTable.id, intentionTagsTable.tagId))
      .where(and(eq(intentionTagsTable.intentionId, intentionsTable.id), eq(tagsTable.name, tag))),
  )
}

// Keyset on (created_at, id), newest first (DESIGN §3): an item posted between two page loads
// sorts before the cursor, so later pages neither repeat nor skip anything.
function before(cursor: CursorPosition): SQL {
  return sql`(${intentionsTable.createdAt}, ${intentionsTable.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
}

// Oldest first for the Needs prayer tab: the longest-waiting request gets the first prayer.
function after(cursor: CursorPosition): SQL {
  return sql`(${intentionsTable.createdAt}, ${intentionsTable.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
}

/** Issue 20: active requests of others that nobody has prayed for yet. */
function needsPrayer(viewer: Viewer): SQL {
  return and(
    eq(intentionsTable.status, 'active'),
    eq(intentionsTable.prayedCount, 0),
    ne(intentionsTable.authorId, viewer.userId),
  )!
}

function statusFilter(query: IntentionFeedQuery): SQL | undefined {
  if (query.needs_prayer) return undefined
  if (query.status) return eq(intentionsTable.status, query.status)
  // The Answered tab: answered and released prayers together.
  if (query.closed) return ne(intentionsTable.status, 'active')
  if (!query.include_all_statuses) return eq(intentionsTable.status, 'active')
  return undefined
}

/**
 * Names the feed's SQL by the filters present, so each shape is a prepared statement of its own
 * (selectIntentionViews' `statement`): every value is a parameter, only the filters change
 * the text.
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

/**
 * GET /api/v1/intentions. Removed intentions leave the feed for everyone, moderators included:
 * a card has no "removed" marker, so a moderator would see them as live (they open one by id).
 */
export async function listIntentions({
  db,
  viewer,
  now,
  query,
  testimonies,
}: {
  db: Database
  viewer: Viewer
  now: Date
  query: IntentionFeedQuery
  testimonies: TestimonyPort
}): Promise<IntentionFeedResponse> {
  const tag = query.tag === undefined ? '' : normaliseTag(query.tag)
  const where = and(
    isNull(intentionsTable.removedAt),
    shownDespiteHold(intentionsTable, viewer),
    visibleToViewer(db, viewer),
    statusFilter(query),
    query.destination ? eq(intentionsTable.destination, query.destination) : undefined,
    query.group_id ? eq(intentionsTable.groupId, query.group_id) : undefined,
    query.mine ? eq(intentionsTable.authorId, viewer.userId) : undefined,
    query.tag !== undefined ? (tag ? hasTag(db, tag) : sql`false`) : undefined,
    query.needs_prayer ? needsPrayer(viewer) : undefined,
    query.cursor ? (query.needs_prayer ? after : before)(query.cursor) : undefined,
  )
  const items = await selectIntentionViews({
    ...{ db, viewer, now, where, testimonies },
    limit: query.limit + 1,
    oldestFirst: query.needs_prayer,
    statement: statementName(query, tag),
  })
  const page = items.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page,
    next_cursor:
      items.length > query.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.intention_id })
        : null,
  }
}
