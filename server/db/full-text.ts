import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { ExcerptPart } from '@contract/search'
import type { Database } from './client'
import { createdDay } from './search-columns'
import { searchWordsTable } from './search-words.table'

// Full-text search's SQL (issue 43, docs/search.md), shared by each capability's search
// function. A post is matched in its own language (its search row's `language`); its document
// holds its words stemmed then accent-folded and folded then stemmed (migration 0034), so a
// query is parsed both ways too.

/** The languages search_config() and search_detect() give a post (migrations 0034, 0035). */
const LANGUAGE_NAMES = ['simple', 'english', 'spanish', 'portuguese', 'french', 'arabic'] as const

/** What a query asks for, split the way it is matched. */
export interface SearchTerms {
  /** Web-search syntax (quoted phrases, `-word`, `or`): the query less a prefix word. */
  words: string
  /** The last word as typed so far, letters and digits only, matched as a word's start; or ''. */
  prefix: string
  /** The whole query, whose words are looked up in search_words when they find nothing. */
  typed: string
  /** No phrase and no exclusion: similar spellings may stand in when the words find nothing. */
  plain: boolean
}

/**
 * The last word is taken as still being typed ("surg" finds "surgery") unless it is in quotes,
 * excluded, or followed by a space. Nothing here can fail: websearch_to_tsquery takes any text,
 * and the prefix keeps only letters and digits, so to_tsquery never sees its own syntax.
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
}

export interface Matcher {
  /** Rows the query matches (one GIN index scan, then the exact check in the row's language). */
  matches(row: SearchColumns): SQL
  /** How well a matched row matches, in (0, 1]: a page's bound on older rows needs the 1. */
  relevance(row: SearchColumns): SQL
  /** The words to mark in an excerpt, as a query in the row's language. */
  marked(row: SearchColumns): SQL
}

/** A query parsed into `tsquery` in `config` (a configuration, or SQL naming one). */
type Parse = (config: SQL) => SQL

function parsedWords(terms: SearchTerms): Parse {
  return (config) => {
    const words = sql`websearch_to_tsquery(${config}, ${terms.words})`
    if (!terms.prefix) return words
    return sql`(${words} && to_tsquery(${config}, ${`${terms.prefix}:*`}))`
  }
}

/** Every word of a group, or-ed; the groups and-ed (the similar words of each typed word). */
function parsedAlternatives(groups: string[][]): Parse {
  return (config) =>
    sql.join(
      groups.map(
        (words) =>
          sql`(${sql.join(
            words.map((word) => sql`plainto_tsquery(${config}, ${word})`),
            sql` || `,
          )})`,
      ),
      sql` && `,
    )
}

/** The query in one language: stemmed then folded, or folded then stemmed. */
function textQuery(language: SQL, parse: Parse): SQL {
  const stemmedThenFolded = sql`search_fold((${parse(language)})::text)::tsquery`
  const foldedThenStemmed = parse(sql`search_folding(${language})`)
  // Mostly one and the same query: once is enough to match and rank by.
  return sql`(select case when s = f then s else s || f end
    from (select ${stemmedThenFolded} as s, ${foldedThenStemmed} as f) both_ways)`
}

/** The query as each language parses it, and all of them or-ed: `tsquery` texts. */
type ParsedQuery = Record<(typeof LANGUAGE_NAMES)[number] | 'any', string>

/**
 * Parses the query in every language at once, one short statement before the search, whose
 * statement then takes the six queries as values: planned without them, it is a tenth the size.
 * Their or is written here, each distinct one once (most languages parse a word alike).
 */
async function parseQuery(db: Database, parse: Parse): Promise<ParsedQuery> {
  const result = await db.execute(sql`
    select ${sql.join(
      LANGUAGE_NAMES.map(
        (name) =>
          sql`${textQuery(sql.raw(`'${name}'::regconfig`), parse)}::text as ${sql.identifier(name)}`,
      ),
      sql`, `,
    )}`)
  const parsed = (result as unknown as { rows: Omit<ParsedQuery, 'any'>[] }).rows[0]!
  const distinct = new Set(LANGUAGE_NAMES.map((name) => parsed[name]).filter(Boolean))
  return { ...parsed, any: [...distinct].map((query) => `(${query})`).join(' | ') }
}

/**
 * Matching by words in each post's language. The or of every language's query is what the GIN
 * index can use (a row's own language's query implies it); the row's own then decides, so
 * `-word` excludes as its language stems it.
 */
function queryMatcher(parsed: ParsedQuery): Matcher {
  const inItsLanguage = (row: SearchColumns) =>
    sql`(case ${row.language} ${sql.join(
      LANGUAGE_NAMES.slice(1).map(
        (name) => sql`when ${sql.raw(`'${name}'::regconfig`)} then ${parsed[name]}::tsquery`,
      ),
      sql` `,
    )} else ${parsed.simple}::tsquery end)`
  return {
    matches: (row) =>
      sql`(${row.document} @@ ${parsed.any}::tsquery and ${row.document} @@ ${inItsLanguage(row)})`,
    // ts_rank of a phrase or several words can pass 1 (rarely: many near occurrences).
    relevance: (row) => sql`least(ts_rank(${row.document}, ${inItsLanguage(row)}), 1)`,
    marked: inItsLanguage,
  }
}

/** Matching by the query's words, stemmed in each post's language (docs/search.md). */
export async function wordMatcher(db: Database, terms: SearchTerms): Promise<Matcher> {
  return queryMatcher(await parseQuery(db, parsedWords(terms)))
}

/** The closest words a typed word stands for, at most. */
const SIMILAR_WORDS = 5

/**
 * The fallback when the words match nothing: each typed word stands for the few words of
 * search_words closest to it by trigrams ("marai" for "maria"), and posts are matched by those
 * words as by any others. Null when a typed word is like no word at all: nothing can match.
 */
export async function similarMatcher(db: Database, terms: SearchTerms): Promise<Matcher | null> {
  // `%`: trigram similarity of whole words at pg_trgm's default threshold, 0.3 ("marai" and
  // "maria", "srugery" and "surgery" share a third of their trigrams).
  const result = await db.execute(sql`
    select array(select ${searchWordsTable.word} from ${searchWordsTable}
        where typed.word % ${searchWordsTable.word}
        order by similarity(typed.word, ${searchWordsTable.word}) desc, ${searchWordsTable.word}
        limit ${SIMILAR_WORDS}) as words
    from unnest(tsvector_to_array(to_tsvector('simple', search_fold(${terms.typed})))) typed(word)`)
  const groups = (result as unknown as { rows: { words: string[] }[] }).rows.map((row) => row.words)
  if (groups.length === 0 || groups.some((words) => words.length === 0)) return null
  return queryMatcher(await parseQuery(db, parsedAlternatives(groups)))
}

// A month newer weighs as much as e times the relevance (docs/search.md). Written without
// today's date, a result's score never changes, so the keyset on it stays stable.
const RECENCY_SECONDS = 30 * 24 * 3600

/** ln(relevance) + age in months: relevance decaying with age, as an order. */
export function searchScore(relevance: SQL, createdAt: SQLWrapper): SQL<number> {
  return sql<number>`(ln(greatest((${relevance})::float8, 1e-9)) + extract(epoch from ${createdAt})::float8 / ${sql.raw(String(RECENCY_SECONDS))})`
}

const DAY_MS = 24 * 3600 * 1000
/** The day (since 1970, UTC) of `date`, as createdDay() counts for a search row. */
const dayOf = (date: Date): number => Math.floor(date.getTime() / DAY_MS)

/** The start of the day `date` falls on (UTC): windows of dates are whole days (createdDay). */
export function startOfDay(date: Date): Date {
  return new Date(dayOf(date) * DAY_MS)
}

/**
 * The highest score a post created before `since` can have (its relevance at most 1, so
 * ln(relevance) at most 0): a page whose last row scores above it lacks no older post.
 */
export function scoreBefore(since: Date): number {
  return since.getTime() / 1000 / RECENCY_SECONDS
}

/** When a post of relevance 1 would have been created to score `score`: none older scores more. */
export function createdToScore(score: number): Date {
  return new Date(score * RECENCY_SECONDS * 1000)
}

/** A search row as its capability's table names it: what matching, order and hiding read. */
export interface SearchRow extends SearchColumns {
  createdAt: SQLWrapper
  hidden: SQLWrapper
}

/**
 * The hits of one kind of post as `(type, id, score)`: its search rows `matcher` finds, never a
 * held or removed one, created on or after the day of `since` (every one when null), and `conditions`
 * (each capability's visibility rule and filters, on the same row).
 */
export function searchHits(
  db: Database,
  of: { type: 'intention' | 'testimony'; table: PgTable; id: SQLWrapper; row: SearchRow },
  matcher: Matcher,
  since: Date | null,
  conditions: (SQL | undefined)[],
): SQL {
  return db
    .select({
      type: sql.raw(`'${of.type}'`).as('type'),
      id: sql`${of.id}`.as('id'),
      score: searchScore(matcher.relevance(of.row), of.row.createdAt).as('score'),
    })
    .from(of.table)
    .where(
      and(
        matcher.matches(of.row),
        sql`not ${of.row.hidden}`,
        since ? sql`${createdDay(of.row.createdAt)} >= ${dayOf(since)}` : undefined,
        ...conditions,
      ),
    )
    .getSQL()
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
