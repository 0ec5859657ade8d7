import * as z from 'zod/mini'
import { IntentionStatusSchema } from './intention-states'
import { IntentionSchema } from './intentions'
import { emptyAsAbsent, fromBase64Url, MAX_PAGE_SIZE, toBase64Url } from './pagination'
import { SEARCH_SCOPES } from './search-scopes'
import { TestimonySchema } from './testimonies'

export { SEARCH_SCOPES, type SearchScope } from './search-scopes'

// Issue 43: GET /api/v1/search (docs/search.md). The parameter names are fixed so that clients
// and tests agree.

export const SEARCH_QUERY_MAX_LENGTH = 200
export const SEARCH_PAGE_SIZE = 20

export const SearchMessage = {
  empty: 'Type something to search for.',
  tooLong: `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  scope: `Scope must be one of ${SEARCH_SCOPES.join(', ')}.`,
  cursor: 'Invalid cursor.',
} as const

/**
 * Where the next page starts. Results are ordered by score (relevance and recency, docs/search.md),
 * not by date, so the keyset is (score, id); `matched` says which matching the first page used
 * (the words, or similar spellings when the words found nothing), so later pages use it too.
 */
export interface SearchCursor {
  matched: SearchMatching
  score: number
  id: string
}

export const SEARCH_MATCHINGS = ['words', 'similar'] as const
export type SearchMatching = (typeof SEARCH_MATCHINGS)[number]

const SearchCursorSchema = z.object({
  matched: z.enum(SEARCH_MATCHINGS),
  score: z.number().check(z.refine(Number.isFinite)),
  id: z.uuid(),
})

export function encodeSearchCursor(cursor: SearchCursor): string {
  return toBase64Url(JSON.stringify([cursor.matched, cursor.score, cursor.id]))
}

/** The cursor, or null for anything this server did not issue; never throws. */
export function decodeSearchCursor(encoded: string): SearchCursor | null {
  if (encoded.length === 0 || encoded.length > 200) return null
  const decoded = fromBase64Url(encoded)
  if (decoded === null) return null
  try {
    const [matched, score, id] = JSON.parse(decoded) as unknown[]
    const parsed = SearchCursorSchema.safeParse({ matched, score, id })
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

const SearchCursorParamSchema = z.pipe(
  z.string(),
  z.transform((cursor: string, ctx) => {
    const position = decodeSearchCursor(cursor)
    if (position === null) {
      ctx.issues.push({ code: 'custom', message: SearchMessage.cursor, input: cursor })
      return z.NEVER
    }
    return position
  }),
)

export const SearchQuerySchema = z.object({
  // Any text is searched as typed: a lone `"` or `-` is no error (docs/search.md).
  q: z.string().check(
    z.refine((q) => q.trim().length > 0, SearchMessage.empty),
    z.maxLength(SEARCH_QUERY_MAX_LENGTH, SearchMessage.tooLong),
  ),
  scope: z._default(z.enum(SEARCH_SCOPES, { error: SearchMessage.scope }), 'all'),
  tag: emptyAsAbsent(z.string().check(z.maxLength(50))),
  // Requests only: with a status, testimonies (which have none) are left out.
  status: emptyAsAbsent(IntentionStatusSchema),
  cursor: emptyAsAbsent(SearchCursorParamSchema),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_SIZE)),
    SEARCH_PAGE_SIZE,
  ),
})
export type SearchQuery = z.infer<typeof SearchQuerySchema>

/** A piece of an excerpt: `match` pieces are the searched words, shown marked. */
export const ExcerptPartSchema = z.object({ text: z.string(), match: z.boolean() })
export type ExcerptPart = z.infer<typeof ExcerptPartSchema>

/**
 * The excerpt is plain text cut into pieces, never markup: the client renders each piece as
 * text, so a post containing `<script>` or `**` shows as typed.
 */
export const SearchResultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('intention'),
    intention: IntentionSchema,
    excerpt: z.array(ExcerptPartSchema),
  }),
  z.object({
    type: z.literal('testimony'),
    testimony: TestimonySchema,
    excerpt: z.array(ExcerptPartSchema),
  }),
])
export type SearchResult = z.infer<typeof SearchResultSchema>

export const SearchResponseSchema = z.object({
  items: z.array(SearchResultSchema),
  next_cursor: z.nullable(z.string()),
  // `similar`: the words matched nothing, so these are posts with similar spellings.
  matched: z.enum(SEARCH_MATCHINGS),
})
export type SearchResponse = z.infer<typeof SearchResponseSchema>
