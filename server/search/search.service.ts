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
  createdToScore,
  excerptParts,
  startOfDay,
  type Matcher,
  scoreBefore,
  searchTerms,
  similarMatcher,
  wordMatcher,
} from '../db/full-text'
import { intentionExcerpt, intentionHits, intentionResults } from '../intentions/intention-search'
import type { TestimonyPort } from '../intentions/testimony-port'
import { onPrayerListOf } from '../prayer-list/prayer-list-search'
import { testimonyExcerpt, testimonyHits, testimonyResults } from '../testimonies/testimony-search'

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
  /** ts_headline's answer, on a page's rows once the page is proven (see searchPage). */
  excerpt: string | null
  proven: boolean
}

/** One kind of post search finds: its hits given a matcher and a window, its excerpt by id. */
interface Kind {
  type: Hit['type']
  hits: (matcher: Matcher, since: Date | null) => SQL
  excerpt: (matcher: Matcher, id: SQL) => SQL
}

/** The kinds of post of the scope (requests, testimonies or both). */
function kindsOf(ctx: SearchContext, query: SearchQuery): Kind[] {
  const { db, viewer } = ctx
  const { scope, tag, status } = query
  const mine = scope === 'mine'
  const kinds: Kind[] = []
  if (scope !== 'testimonies') {
    const within = scope === 'prayer-list' ? onPrayerListOf(db, viewer.userId) : undefined
    kinds.push({
      type: 'intention',
      hits: intentionHits(db, viewer, { tag, status, mine, within }),
      excerpt: (matcher, id) => intentionExcerpt(db, matcher, id),
    })
  }
  // Testimonies have no status; the prayer list holds only requests.
  if ((scope === 'all' || scope === 'testimonies' || mine) && !status) {
    kinds.push({
      type: 'testimony',
      hits: testimonyHits(db, viewer, { tag, mine }),
      excerpt: (matcher, id) => testimonyExcerpt(db, matcher, id),
    })
  }
  return kinds
}

const DAY_MS = 24 * 3600 * 1000
/**
 * How far back a page first ranks. A relevance rarely costs a post more than a few weeks of
 * recency, so a common word's page is mostly found in the first; when it is not, that window's
 * row past the page says how far back the page can reach (see searchPage). A first window short
 * of a page's matches goes straight to everything: its words are rare, and the full-text index
 * alone answers rare words fastest (a window of dates is read date by date).
 */
const FIRST_WINDOW = 16 * DAY_MS

/**
 * One page ordered by score, then id (keyset on both: a score never changes, so a post written
 * between two pages lands before or after the cursor, never in both pages). Only the matches
 * created since a bound are ranked, the bound moving back until the page's last row scores
 * above anything older can (scoreBefore), so the page is the one ranking every match would give.
 */
async function searchPage(
  ctx: SearchContext,
  query: SearchQuery,
  kinds: Kind[],
  matcher: Matcher | null,
  matched: SearchMatching,
  onNothingRecent: () => void = () => {},
): Promise<SearchResponse> {
  if (!matcher || kinds.length === 0) return { items: [], next_cursor: null, matched }
  const { cursor, limit } = query
  // Nothing after the cursor scores above it; a post created at `from` with relevance 1 would.
  const from = cursor ? createdToScore(cursor.score).getTime() : ctx.now.getTime()
  let rows: Hit[] = []
  let since: Date | null = startOfDay(new Date(from - FIRST_WINDOW))
  for (;;) {
    // The page is proven when its row past the page scores above anything older can (a margin
    // for the float arithmetic of the two sides); only then are its rows' excerpts made, in
    // the same statement.
    const proven = since
      ? sql`(page.found > ${limit} and page.lowest > ${scoreBefore(since) + 1e-9}::float8)`
      : sql`true`
    const statement = sql`
      select type, id, score, ${proven} as proven,
        case when ${proven} and page.position <= ${limit} then case type ${sql.join(
          kinds.map((kind) => sql`when ${kind.type} then ${kind.excerpt(matcher, sql`page.id`)}`),
          sql` `,
        )} end end as excerpt
      from (select type, id, score, row_number() over (order by score desc, id desc) as position,
          count(*) over () as found, min(score) over () as lowest
        from (select type, id, score from (${sql.join(
          kinds.map((kind) => sql`(${kind.hits(matcher, since)})`),
          sql` union all `,
        )}) hits
          ${cursor ? sql`where (score, id) < (${cursor.score}::float8, ${cursor.id}::uuid)` : sql``}
          order by score desc, id desc
          limit ${limit + 1}) ranked) page
      order by page.position`
    const result = (await ctx.db.execute(statement)) as unknown as { rows: Hit[] }
    rows = result.rows.map((row) => ({ ...row, score: Number(row.score) }))
    if (!since || rows[0]?.proven) break
    // Ranking more can only raise the page's last score, so nothing created before a post of
    // relevance 1 would score this one can be on the page: a window back to a day earlier is
    // the last one needed. With no row past the page, everything.
    const last = rows[limit]
    if (rows.length === 0) onNothingRecent()
    since = last ? startOfDay(new Date(createdToScore(last.score).getTime() - DAY_MS)) : null
  }
  const page = rows.slice(0, limit)
  const items = await resultsOf(ctx, page)
  const last = page.at(-1)
  return {
    items,
    next_cursor:
      rows.length > limit && last
        ? encodeSearchCursor({ matched, score: last.score, id: last.id })
        : null,
    matched,
  }
}

/** The hits' cards in the hits' order (one query per kind), with their excerpts. */
async function resultsOf(ctx: SearchContext, hits: Hit[]): Promise<SearchResult[]> {
  const idsOf = (type: Hit['type']) => hits.filter((hit) => hit.type === type).map((hit) => hit.id)
  const [intentions, testimonies] = await Promise.all([
    intentionResults(ctx.db, ctx, idsOf('intention')),
    testimonyResults(ctx.db, ctx.viewer, idsOf('testimony')),
  ])
  return hits.flatMap((hit): SearchResult[] => {
    const excerpt = excerptParts(hit.excerpt ?? '')
    if (hit.type === 'intention') {
      const intention = intentions.get(hit.id)
      return intention ? [{ type: 'intention', intention, excerpt }] : []
    }
    const testimony = testimonies.get(hit.id)
    return testimony ? [{ type: 'testimony', testimony, excerpt }] : []
  })
}

/**
 * GET /api/v1/search. Words first; when they match nothing on the first page and the query has
 * no phrase or exclusion, similar spellings (trigrams). The cursor keeps whichever the first
 * page used.
 *
 * A first page whose words match nothing in the first window is most often a misspelling: its
 * similar words are looked up (and parsed) while the words are looked for in everything, on
 * another connection, instead of after (one round trip and a statement's wait less; issue 43).
 * When the words do find something older, that look-up was a short statement for nothing.
 */
export async function search(ctx: SearchContext, query: SearchQuery): Promise<SearchResponse> {
  const terms = searchTerms(query.q)
  const first = query.cursor?.matched ?? 'words'
  const kinds = kindsOf(ctx, query)
  const fallback = !query.cursor && terms.plain
  let similar: Promise<Matcher | null> | undefined
  const lookUpSimilar = () => {
    similar ??= similarMatcher(ctx.db, terms)
    // Awaited below when the words find nothing; a failure then is the search's own.
    similar.catch(() => {})
    return similar
  }
  const matcher = first === 'words' ? await wordMatcher(ctx.db, terms) : await lookUpSimilar()
  const page = await searchPage(ctx, query, kinds, matcher, first, () => {
    if (fallback) void lookUpSimilar()
  })
  if (!fallback || page.items.length > 0) return page
  return searchPage(ctx, query, kinds, await lookUpSimilar(), 'similar')
}
