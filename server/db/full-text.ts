import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { ExcerptPart } from '@contract/search'

// Full-text search's SQL (issue 43, docs/search.md), shared by each capability's search
// function. A post is matched in its own language (its search row's `language`); its document
// holds its words stemmed then accent-folded and folded then stemmed (migration 0034), so a
// query is parsed both ways too.

/** The languages search_config() gives a post (migration 0034). */
const LANGUAGES = ['simple', 'english', 'spanish', 'portuguese', 'french', 'arabic'].map((name) =>
  sql.raw(`'${name}'::regconfig`),
)
const [SIMPLE, ...OTHER_LANGUAGES] = LANGUAGES

/** What a query asks for, split the way it is matched. */
export interface SearchTerms {
  /** Web-search syntax (quoted phrases, `-word`, `or`): the query less a prefix word. */
  words: string
  /** The last word as typed so far, letters and digits only, matched as a word's start; or ''. */
  prefix: string
  /** The whole query, for trigram matching. */
  typed: string
  /** No phrase and no exclusion: similar spellings may stand in when the words find nothing. */
  plain: boolean
}

/**
 * The last word is taken as still being typed ("surg" finds "surgery") unless it is in quotes,
 * excluded, or followed by a space. Nothing here can fail: websearch_to_tsquery takes any text, and the prefix keeps only
 * letters and digits, so to_tsquery never sees its own syntax.
 */
export function searchTerms(query: string): SearchTerms {
  const typed = query.trim()
  const openQuote = (typed.match(/"/g) ?? []).length % 2 === 1
  const last = /(^|\s)([^\s"]+)$/u.exec(typed)
  const word = last?.[2]
  const finished = /\s$/u.test(query)
  const plain = !typed.includes('"') && !/(^|\s)-\S/u.test(typed)
  if (!last || !word || openQuote || finished || word.startsWith('-')) {
    return { words: typed, prefix: '', typed, plain }
  }
  const prefix = word.replace(/[^\p{L}\p{N}]/gu, '')
  return { words: prefix ? typed.slice(0, last.index) : typed, prefix, typed, plain }
}

/** The search row's columns, as each capability's search table names them. */
export interface SearchColumns {
  language: SQLWrapper
  document: SQLWrapper
  folded: SQLWrapper
}

export interface Matcher {
  /** Rows the query matches (one GIN index scan, then the exact check in the row's language). */
  matches(row: SearchColumns): SQL
  /** How well a matched row matches, > 0. */
  relevance(row: SearchColumns): SQL
  /** The words to mark in an excerpt, as a query in the row's language. */
  marked(row: SearchColumns): SQL
}

function parsed(config: SQL, terms: SearchTerms): SQL {
  const words = sql`websearch_to_tsquery(${config}, ${terms.words})`
  if (!terms.prefix) return words
  return sql`(${words} && to_tsquery(${config}, ${`${terms.prefix}:*`}))`
}

/** The query in one language: stemmed then folded, or folded then stemmed. */
function textQuery(language: SQLWrapper, terms: SearchTerms): SQL {
  const stemmedThenFolded = sql`search_fold((${parsed(sql`${language}`, terms)})::text)::tsquery`
  return sql`(${stemmedThenFolded} || ${parsed(sql`search_folding(${language})`, terms)})`
}

/**
 * Matching by words, stemmed in each post's language. The query parsed in every language,
 * or-ed, is what the GIN index can use (a row's own language's query implies it); the row's
 * own then decides, so `-word` excludes as its language stems it.
 */
export function wordMatcher(terms: SearchTerms): Matcher {
  // Each in a scalar subquery: PostgreSQL parses it once per statement (an InitPlan), not once
  // per row, and the index scan takes the or-ed one as its key.
  const anyLanguage = sql`(select ${sql.join(
    LANGUAGES.map((language) => textQuery(language, terms)),
    sql` || `,
  )})`
  const inItsLanguage = (row: SearchColumns) =>
    sql`(case ${row.language} ${sql.join(
      OTHER_LANGUAGES.map(
        (language) => sql`when ${language} then (select ${textQuery(language, terms)})`,
      ),
      sql` `,
    )} else (select ${textQuery(SIMPLE!, terms)}) end)`
  return {
    matches: (row) =>
      sql`(${row.document} @@ ${anyLanguage} and ${row.document} @@ ${inItsLanguage(row)})`,
    relevance: (row) => sql`ts_rank(${row.document}, ${inItsLanguage(row)})`,
    marked: (row) => textQuery(row.language, terms),
  }
}

/**
 * The fallback when the words match nothing: trigram word similarity of the folded query to the
 * folded text ("marai" finds "Maria"). Its threshold is set in the query's transaction
 * (SIMILARITY_SETTING).
 */
export function similarMatcher(terms: SearchTerms): Matcher {
  const folded = sql`(select search_fold(${terms.typed}))`
  return {
    matches: (row) => sql`(${folded} <% ${row.folded})`,
    relevance: (row) => sql`word_similarity(${folded}, ${row.folded})`,
    marked: (row) => textQuery(row.language, terms),
  }
}

/**
 * pg_trgm's default word similarity (0.6) misses one swapped pair of letters in a short name
 * (0.5); lower finds noise. Local to the transaction it is set in.
 */
export const SIMILARITY_SETTING = sql`select set_config('pg_trgm.word_similarity_threshold', '0.45', true)`

// A month newer weighs as much as e times the relevance (docs/search.md). Written without
// today's date, a result's score never changes, so the keyset on it stays stable.
const RECENCY_SECONDS = 30 * 24 * 3600

/** ln(relevance) + age in months: relevance decaying with age, as an order. */
export function searchScore(relevance: SQL, createdAt: SQLWrapper): SQL<number> {
  return sql<number>`(ln(greatest((${relevance})::float8, 1e-9)) + extract(epoch from ${createdAt})::float8 / ${sql.raw(String(RECENCY_SECONDS))})`
}

// ts_headline's parser drops what looks like markup (`<script>`), so the text is escaped first
// (&, <, > as entities, which it keeps as they are) and unescaped piece by piece afterwards; its
// own control characters, which no post may contain, are the marks (docs/search.md).
const START = '\u0002'
const STOP = '\u0003'
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`

/** The excerpt of `text` around the marked words, as ts_headline cuts it. */
export function headline(matcher: Matcher, row: SearchColumns, text: SQLWrapper): SQL<string> {
  const escaped = sql`replace(replace(replace(translate(${text}, ${START + STOP}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`
  // Parsed folded then stemmed, so an accent typed or not marks the word either way.
  return sql<string>`ts_headline(search_folding(${row.language}), ${escaped}, ${matcher.marked(row)}, ${HEADLINE_OPTIONS})`
}

const unescape = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** ts_headline's answer as plain-text pieces, marked or not; the client renders them as text. */
export function excerptParts(headlined: string): ExcerptPart[] {
  const parts: ExcerptPart[] = []
  for (const [index, piece] of headlined.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (piece) parts.push({ text: unescape(piece), match: index % 2 === 1 })
  }
  return parts
}
