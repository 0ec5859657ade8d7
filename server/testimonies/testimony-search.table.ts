import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { regconfig, tsvector } from '../db/search-columns'
import { testimoniesTable } from './testimonies.table'

// Issue 43: what search matches a testimony by, one row per testimony, kept by a trigger on
// testimonies (migrations 0033 and 0034, docs/search.md). `language` is the author's language when it was
// written, `simple` if unknown.
export const testimonySearchTable = pgTable(
  'testimony_search',
  {
    testimonyId: uuid('testimony_id')
      .primaryKey()
      .references(() => testimoniesTable.id, { onDelete: 'cascade' }),
    language: regconfig('language').notNull(),
    // Title (A), tags (B) and story (B), stemmed in `language` and
    // accents folded, both ways round (search_document, migration 0034).
    document: tsvector('document').notNull(),
    // Title and story lower-cased and accent-folded, for the trigram fallback (misspellings).
    folded: text('folded').notNull(),
  },
  (table) => [
    index('testimony_search_document_idx').using('gin', table.document),
    index('testimony_search_folded_idx').using('gin', table.folded.op('gin_trgm_ops')),
  ],
)
