import { and, eq, exists, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { IntentionStatus } from '@contract/intention-status'
import type { Intention } from '@contract/intentions'
import { normaliseTag } from '@contract/tags'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { headline, type Matcher, searchHits } from '../db/full-text'
import { outer } from '../db/outer-column'
import { groupHasMember } from '../groups/group-reads'
import { intentionSearchTable } from './intention-search.table'
import { intentionsTable } from './intentions.table'
import { selectPreparedIntentionViews } from './prepared-intention-views'
import { intentionTagsTable, tagsTable } from './tags.table'
import type { TestimonyPort } from './testimony-port'

// Issue 43: the requests search may find, for server/search/ to compose with the testimonies
// (docs/search.md). Tables stay private to intentions: search gets ids, scores and cards.

export interface IntentionSearchFilters {
  tag?: string | undefined
  status?: IntentionStatus | undefined
  /** The viewer's own requests only (scope `mine`). */
  mine?: boolean
  /** A capability's own condition on the request's id (the prayer list's entries). */
  within?: ((intentionId: SQLWrapper) => SQL) | undefined
}

const row = intentionSearchTable

function hasTag(db: Database, tag: string): SQL {
  return exists(
    db
      .select({ one: intentionTagsTable.tagId })
      .from(intentionTagsTable)
      .innerJoin(tagsTable, eq(tagsTable.id, intentionTagsTable.tagId))
      .where(
        and(eq(intentionTagsTable.intentionId, outer(row.intentionId)), eq(tagsTable.name, tag)),
      ),
  )
}

/**
 * The requests a matcher finds that the viewer may see on the wall, as `(type, id, score)`, of
 * those created since a date (all when null): public or in a group of theirs (visibleToViewer, on the
 * search row's copy of the group), never removed or held (not even their own: moderators
 * search the queue), in each one's language. The author is not searched: the text is, and an
 * anonymous request's author is in none of it; `mine` asks the request, not the search row.
 */
export function intentionHits(
  db: Database,
  viewer: Viewer,
  filters: IntentionSearchFilters,
): (matcher: Matcher, since: Date | null) => SQL {
  return (matcher, since) =>
    searchHits(db, { type: 'intention', table: row, id: row.intentionId, row }, matcher, since, [
      or(isNull(row.groupId), groupHasMember(row.groupId, sql`${viewer.userId}`)),
      filters.tag !== undefined ? hasTag(db, normaliseTag(filters.tag)) : undefined,
      filters.status ? eq(row.status, filters.status) : undefined,
      filters.mine
        ? inArray(
            row.intentionId,
            db
              .select({ id: intentionsTable.id })
              .from(intentionsTable)
              .where(eq(intentionsTable.authorId, viewer.userId)),
          )
        : undefined,
      filters.within?.(outer(row.intentionId)),
    ])
}

/**
 * A request's excerpt: its details around the words matched, by the id of a hit (a correlated
 * column, so search marks only the rows of its page, in the hits' statement).
 */
export function intentionExcerpt(db: Database, matcher: Matcher, id: SQLWrapper): SQL<string> {
  return sql<string>`(${db
    .select({ excerpt: headline(matcher, row, intentionsTable.details) })
    .from(row)
    .innerJoin(intentionsTable, eq(intentionsTable.id, row.intentionId))
    .where(eq(row.intentionId, id))})`
}

const SEARCH_IDS = sql.placeholder('searchIds')

/**
 * The wall's cards of these requests, by id (the hits already checked them): the wall's own
 * prepared statement (selectPreparedIntentionViews), built once per page size, the ids one
 * value, so a search pays neither the query builder nor the planner for its cards (issue 43).
 */
export async function intentionResults(
  db: Database,
  context: { viewer: Viewer; now: Date; testimonies: TestimonyPort; showPrayerCounts: boolean },
  ids: string[],
): Promise<Map<string, Intention>> {
  if (ids.length === 0) return new Map()
  const cards = await selectPreparedIntentionViews({
    db,
    ...context,
    statement: 'search_cards',
    build: () => ({
      where: sql`${intentionsTable.id} = any(string_to_array(${SEARCH_IDS}, ',')::uuid[])`,
      oldestFirst: false,
    }),
    values: { searchIds: ids.join(',') },
    limit: ids.length,
  })
  return new Map(cards.map((card) => [card.intention_id, card]))
}
