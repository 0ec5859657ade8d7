import { customType } from 'drizzle-orm/pg-core'

// Column types of full-text search (docs/search.md). Drizzle has none of its own; each search
// table (intentions/, testimonies/) declares its columns with these.

/** A text-search configuration (`search_english`…), the language a post is matched in. */
export const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' })

/** A post's lexemes, built by the database (the search tables' triggers), never by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
