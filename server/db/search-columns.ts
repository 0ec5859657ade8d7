import { type SQL, sql, type SQLWrapper } from 'drizzle-orm'
import { customType } from 'drizzle-orm/pg-core'

// Column types of full-text search (docs/search.md). Drizzle has none of its own; each search
// table (intentions/, testimonies/) declares its columns with these.

/** A text-search configuration (`search_english`…), the language a post is matched in. */
export const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' })

/** A post's lexemes, built by the database (the search tables' triggers), never by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * A search row's day of creation, days since 1970 (UTC): what its GIN index holds beside the
 * words (migration 0038), so a page's window of dates is read as a few dozen days, not as
 * every distinct time. Immutable as an index expression must be: an interval's epoch, where
 * `extract(epoch from timestamptz)` counts as stable.
 */
export function createdDay(createdAt: SQLWrapper): SQL<number> {
  return sql<number>`(floor(extract(epoch from (${createdAt} - 'epoch'::timestamptz)) / 86400)::int)`
}
