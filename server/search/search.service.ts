import { sql, type SQL } from 'drizzle-orm'
import {
  encodeSearchCursor,
  type SearchMatching,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from '@contract/search'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import {
  type Matcher,
  searchTerms,
  similarMatcher,
  SIMILARITY_SETTING,
  type SearchTerms,
  wordMatcher,
} from '../db/full-text'
import { intentionHits, intentionResults } from '../intentions/intention-search'
import type { TestimonyPort } from '../intentions/testimony-port'
import { onPrayerListOf } from '../prayer-list/prayer-list-search'
import { testimonyHits, testimonyResults } from '../testimonies/testimony-search'

// Issue 43 (docs/search.md): search composes what each capability lets it find; it reads no
// table of its own or of theirs. The terms are never logged or stored.

export interface SearchContext {
  db: Database
  viewer: Viewer
  now: Date
  testimonies: TestimonyPort
  showPrayerCounts: boolean
}

interface Hit {
  type: 'intention' | 'testimony'
  id: string
  score: number
}

/** The hit queries of the scope: requests and testimonies, or one of them. */
async function hitQueries(ctx: SearchContext, query: SearchQuery, matcher: Matcher) {
  const { db, viewer } = ctx
  const { scope, tag, status } = query
  const mine = scope === 'mine'
  const queries: SQL[] = []
  if (scope !== 'testimonies') {
    const within = scope === 'prayer-list' ? onPrayerListOf(db, viewer.userId) : undefined
    queries.push(intentionHits(db, viewer, matcher, { tag, status, mine, within }))
  }
  // Testimonies have no status; the prayer list holds only requests.
  if ((scope === 'all' || scope === 'testimonies' || mine) && !status) {
    queries.push(await testimonyHits(db, viewer, matcher, { tag, mine }))
  }
  return queries
}

/**
 * One page ordered by score, then id (keyset on both: a score never changes, so a post written
 * between two pages lands before or after the cursor, never in both pages).
 */
async function searchPage(
  ctx: SearchContext,
  query: SearchQuery,
  terms: SearchTerms,
  matched: SearchMatching,
): Promise<SearchResponse> {
  const matcher = matched === 'words' ? wordMatcher(terms) : similarMatcher(terms)
  const queries = await hitQueries(ctx, query, matcher)
  if (queries.length === 0) return { items: [], next_cursor: null, matched }
  const { cursor } = query
  const statement = sql`
    select type, id, score from (${sql.join(
      queries.map((hits) => sql`(${hits})`),
      sql` union all `,
    )}) hits
    ${cursor ? sql`where (score, id) < (${cursor.score}::float8, ${cursor.id}::uuid)` : sql``}
    order by score desc, id desc
    limit ${query.limit + 1}`
  const result =
    matched === 'similar'
      ? await ctx.db.transaction(async (tx) => {
          await tx.execute(SIMILARITY_SETTING)
          return tx.execute(statement)
        })
      : await ctx.db.execute(statement)
  const rows = (result as unknown as { rows: Hit[] }).rows.map((row) => ({
    ...row,
    score: Number(row.score),
  }))
  const page = rows.slice(0, query.limit)
  const items = await resultsOf(ctx, matcher, page)
  const last = page.at(-1)
  return {
    items,
    next_cursor:
      rows.length > query.limit && last
        ? encodeSearchCursor({ matched, score: last.score, id: last.id })
        : null,
    matched,
  }
}

/** The hits' cards in the hits' order (one query per kind). */
async function resultsOf(
  ctx: SearchContext,
  matcher: Matcher,
  hits: Hit[],
): Promise<SearchResult[]> {
  const idsOf = (type: Hit['type']) => hits.filter((hit) => hit.type === type).map((hit) => hit.id)
  const [intentions, testimonies] = await Promise.all([
    intentionResults(ctx.db, ctx, matcher, idsOf('intention')),
    testimonyResults(ctx.db, ctx.viewer, matcher, idsOf('testimony')),
  ])
  return hits.flatMap((hit): SearchResult[] => {
    if (hit.type === 'intention') {
      const found = intentions.get(hit.id)
      return found ? [{ type: 'intention', ...found }] : []
    }
    const found = testimonies.get(hit.id)
    return found ? [{ type: 'testimony', ...found }] : []
  })
}

/**
 * GET /api/v1/search. Words first; when they match nothing on the first page and the query has
 * no phrase or exclusion, similar spellings (trigrams). The cursor keeps whichever the first
 * page used.
 */
export async function search(ctx: SearchContext, query: SearchQuery): Promise<SearchResponse> {
  const terms = searchTerms(query.q)
  if (query.cursor) return searchPage(ctx, query, terms, query.cursor.matched)
  const byWords = await searchPage(ctx, query, terms, 'words')
  if (byWords.items.length > 0 || !terms.plain) return byWords
  return searchPage(ctx, query, terms, 'similar')
}
