import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { regconfig, tsvector } from '../db/search-columns'
import { intentionsTable } from './intentions.table'

// Issue 43: what search matches a request by, one row per request, kept by triggers on
// intentions, prayer_updates and intention_tags (migrations 0033 and 0034, docs/search.md), so every
// writer (routes, sync, seeds) keeps it current and the wall's rows carry none of it.
// `language` is the author's language when the request was written, `simple` if unknown.
export const intentionSearchTable = pgTable(
  'intention_search',
  {
    intentionId: uuid('intention_id')
      .primaryKey()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    language: regconfig('language').notNull(),
    // Title (A), tags (B), details (B) and updates (C), stemmed in `language` and
    // accents folded, both ways round (search_document, migration 0034).
    document: tsvector('document').notNull(),
    // Title and details lower-cased and accent-folded, for the trigram fallback (misspellings).
    folded: text('folded').notNull(),
  },
  (table) => [
    index('intention_search_document_idx').using('gin', table.document),
    index('intention_search_folded_idx').using('gin', table.folded.op('gin_trgm_ops')),
  ],
)
