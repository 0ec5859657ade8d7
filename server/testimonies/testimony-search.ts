import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { ExcerptPart } from '@contract/search'
import { normaliseTag } from '@contract/tags'
import type { Testimony } from '@contract/testimonies'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { excerptParts, headline, type Matcher, searchScore } from '../db/full-text'
import { visibleTestimonies } from './testimony-access'
import { testimonySearchTable } from './testimony-search.table'
import { selectTestimonyViews } from './testimony-view'
import { testimoniesTable } from './testimonies.table'

// Issue 43: the testimonies search may find, for server/search/ to compose with the requests
// (docs/search.md). Tables stay private to testimonies: search gets ids, scores and cards.

/**
 * The testimonies `matcher` finds that the viewer may see, as `(type, id, score)`: the
 * testimonies list's rule, and never a held one (not even their own). The author is not
 * searched, so an anonymous testimony's author finds nothing of theirs by name.
 */
export async function testimonyHits(
  db: Database,
  viewer: Viewer,
  matcher: Matcher,
  filters: { tag?: string | undefined; mine?: boolean },
): Promise<SQL> {
  const visible = await visibleTestimonies(db, viewer)
  // As SQL: a query builder would run when the promise resolves with it.
  return db
    .select({
      type: sql<'testimony'>`'testimony'`.as('type'),
      id: testimoniesTable.id,
      score: searchScore(matcher.relevance(testimonySearchTable), testimoniesTable.createdAt).as(
        'score',
      ),
    })
    .from(testimonySearchTable)
    .innerJoin(testimoniesTable, eq(testimoniesTable.id, testimonySearchTable.testimonyId))
    .where(
      and(
        matcher.matches(testimonySearchTable),
        visible,
        isNull(testimoniesTable.heldAt),
        filters.tag !== undefined
          ? sql`${normaliseTag(filters.tag)} = any(${testimoniesTable.categoryTags})`
          : undefined,
        filters.mine ? eq(testimoniesTable.authorId, viewer.userId) : undefined,
      ),
    )
    .getSQL()
}

/** The testimonies' cards with their excerpts, by id (the hits already checked them). */
export async function testimonyResults(
  db: Database,
  viewer: Viewer,
  matcher: Matcher,
  ids: string[],
): Promise<Map<string, { testimony: Testimony; excerpt: ExcerptPart[] }>> {
  if (ids.length === 0) return new Map()
  const [cards, excerpts] = await Promise.all([
    selectTestimonyViews({
      db,
      viewer,
      where: inArray(testimoniesTable.id, ids),
      limit: ids.length,
    }),
    db
      .select({
        id: testimonySearchTable.testimonyId,
        excerpt: headline(matcher, testimonySearchTable, testimoniesTable.text),
      })
      .from(testimonySearchTable)
      .innerJoin(testimoniesTable, eq(testimoniesTable.id, testimonySearchTable.testimonyId))
      .where(inArray(testimonySearchTable.testimonyId, ids)),
  ])
  const excerptOf = new Map(excerpts.map((row) => [row.id, excerptParts(row.excerpt)]))
  return new Map(
    cards.map((card) => [
      card.testimony_id,
      { testimony: card, excerpt: excerptOf.get(card.testimony_id) ?? [] },
    ]),
  )
}
