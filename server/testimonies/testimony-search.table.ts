import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdDay, regconfig, tsvector } from '../db/search-columns'
import { testimoniesTable } from './testimonies.table'

// Issue 43: what search matches a testimony by, one row per testimony, kept by a trigger on
// testimonies (migrations 0033 and 0034, docs/search.md). `language` is the author's language when it was
// written, else the one its text is detected in (search_detect, migration 0035), `simple` if neither.
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
    // Title and story lower-cased and accent-folded: their words go to search_words.
    folded: text('folded').notNull(),
    // What the visibility rule and the order read, copied from the testimony (migration 0035):
    // no group is everyone's, `hidden` is held or removed.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    groupId: uuid('group_id'),
    hidden: boolean('hidden').notNull(),
  },
  (table) => [
    // Words and days in one GIN index (btree_gin, migrations 0037 and 0038): a page's window of
    // dates narrows the matches inside the index scan, exactly (search.service.ts).
    index('testimony_search_match_idx')
      .using('gin', table.document, createdDay(table.createdAt))
      .with({ fastupdate: false }),
  ],
)
