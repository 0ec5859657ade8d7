import { and, eq, exists, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { IntentionStatus } from '@contract/intention-status'
import type { Intention } from '@contract/intentions'
import type { ExcerptPart } from '@contract/search'
import { normaliseTag } from '@contract/tags'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { excerptParts, headline, type Matcher, searchScore } from '../db/full-text'
import { visibleToViewer } from './intention-access'
import { intentionSearchTable } from './intention-search.table'
import { selectIntentionViews } from './intention-view'
import { intentionsTable } from './intentions.table'
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

function hasTag(db: Database, tag: string): SQL {
  return exists(
    db
      .select({ one: intentionTagsTable.tagId })
      .from(intentionTagsTable)
      .innerJoin(tagsTable, eq(tagsTable.id, intentionTagsTable.tagId))
      .where(and(eq(intentionTagsTable.intentionId, intentionsTable.id), eq(tagsTable.name, tag))),
  )
}

/**
 * The requests `matcher` finds that the viewer may see on the wall, as `(type, id, score)`:
 * public or in a group of theirs, never removed or held (not even their own: moderators search
 * the queue), in each one's language. The author is not searched: the text is, and an anonymous
 * request's author is in none of it.
 */
export function intentionHits(
  db: Database,
  viewer: Viewer,
  matcher: Matcher,
  filters: IntentionSearchFilters,
): SQL {
  return db
    .select({
      type: sql<'intention'>`'intention'`.as('type'),
      id: intentionsTable.id,
      score: searchScore(matcher.relevance(intentionSearchTable), intentionsTable.createdAt).as(
        'score',
      ),
    })
    .from(intentionSearchTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, intentionSearchTable.intentionId))
    .where(
      and(
        matcher.matches(intentionSearchTable),
        isNull(intentionsTable.removedAt),
        isNull(intentionsTable.heldAt),
        visibleToViewer(viewer),
        filters.tag !== undefined ? hasTag(db, normaliseTag(filters.tag)) : undefined,
        filters.status ? eq(intentionsTable.status, filters.status) : undefined,
        filters.mine ? eq(intentionsTable.authorId, viewer.userId) : undefined,
        filters.within?.(intentionsTable.id),
      ),
    )
    .getSQL()
}

/** The wall's cards of these requests with their excerpts, by id (the hits already checked them). */
export async function intentionResults(
  db: Database,
  context: { viewer: Viewer; now: Date; testimonies: TestimonyPort; showPrayerCounts: boolean },
  matcher: Matcher,
  ids: string[],
): Promise<Map<string, { intention: Intention; excerpt: ExcerptPart[] }>> {
  if (ids.length === 0) return new Map()
  const [cards, excerpts] = await Promise.all([
    selectIntentionViews({
      db,
      ...context,
      where: inArray(intentionsTable.id, ids),
      limit: ids.length,
    }),
    db
      .select({
        id: intentionSearchTable.intentionId,
        excerpt: headline(matcher, intentionSearchTable, intentionsTable.details),
      })
      .from(intentionSearchTable)
      .innerJoin(intentionsTable, eq(intentionsTable.id, intentionSearchTable.intentionId))
      .where(inArray(intentionSearchTable.intentionId, ids)),
  ])
  const excerptOf = new Map(excerpts.map((row) => [row.id, excerptParts(row.excerpt)]))
  return new Map(
    cards.map((card) => [
      card.intention_id,
      { intention: card, excerpt: excerptOf.get(card.intention_id) ?? [] },
    ]),
  )
}
