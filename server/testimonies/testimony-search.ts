import { and, eq, exists, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { normaliseTag } from '@contract/tags'
import type { Testimony } from '@contract/testimonies'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { headline, type Matcher, searchHits } from '../db/full-text'
import { outer } from '../db/outer-column'
import { groupHasMember } from '../groups/group-reads'
import { testimonySearchTable } from './testimony-search.table'
import { selectTestimonyViewsByIds } from './testimony-view'
import { testimoniesTable } from './testimonies.table'

// Issue 43: the testimonies search may find, for server/search/ to compose with the requests
// (docs/search.md). Tables stay private to testimonies: search gets ids, scores and cards.

const row = testimonySearchTable

/**
 * The testimonies a matcher finds that the viewer may see, as `(type, id, score)`, of those
 * created since a date (all when null): the testimonies list's rule (visibleTestimonies: no
 * group, or one of the viewer's, on the search row's copy of the group, asked in the same
 * statement), and never a held or removed one (not even their own). The author is not searched, so an anonymous testimony's author finds nothing
 * of theirs by name; `tag` and `mine` ask the testimony, not the search row.
 */
export function testimonyHits(
  db: Database,
  viewer: Viewer,
  filters: { tag?: string | undefined; mine?: boolean },
): (matcher: Matcher, since: Date | null) => SQL {
  const ofTheTestimony = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(testimoniesTable)
        .where(and(eq(testimoniesTable.id, outer(row.testimonyId)), condition)),
    )
  return (matcher, since) =>
    searchHits(db, { type: 'testimony', table: row, id: row.testimonyId, row }, matcher, since, [
      or(isNull(row.groupId), groupHasMember(row.groupId, sql`${viewer.userId}`)),
      filters.tag !== undefined
        ? ofTheTestimony(sql`${normaliseTag(filters.tag)} = any(${testimoniesTable.categoryTags})`)
        : undefined,
      filters.mine ? ofTheTestimony(eq(testimoniesTable.authorId, viewer.userId)) : undefined,
    ])
}

/**
 * A testimony's excerpt: its story around the words matched, by the id of a hit (a correlated
 * column, so search marks only the rows of its page, in the hits' statement).
 */
export function testimonyExcerpt(db: Database, matcher: Matcher, id: SQLWrapper): SQL<string> {
  return sql<string>`(${db
    .select({ excerpt: headline(matcher, row, testimoniesTable.text) })
    .from(row)
    .innerJoin(testimoniesTable, eq(testimoniesTable.id, row.testimonyId))
    .where(eq(row.testimonyId, id))})`
}

/** The testimonies' cards, by id (the hits already checked them), by a prepared statement. */
export async function testimonyResults(
  db: Database,
  viewer: Viewer,
  ids: string[],
): Promise<Map<string, Testimony>> {
  if (ids.length === 0) return new Map()
  const cards = await selectTestimonyViewsByIds(db, viewer, ids)
  return new Map(cards.map((card) => [card.testimony_id, card]))
}
