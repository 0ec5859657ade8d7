import type { IntentionStatus } from '@contract/intention-status'
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdDay, regconfig, tsvector } from '../db/search-columns'
import { intentionsTable } from './intentions.table'

// Issue 43: what search matches a request by, one row per request, kept by triggers on
// intentions, prayer_updates and intention_tags (migrations 0033 and 0034, docs/search.md), so every
// writer (routes, sync, seeds) keeps it current and the wall's rows carry none of it.
// `language` is the author's language when the request was written, else the one its text is
// detected in (search_detect, migration 0035), `simple` if neither.
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
    // Title and details lower-cased and accent-folded: their words go to search_words.
    folded: text('folded').notNull(),
    // What the visibility rule, the filters and the order read, copied from the request
    // (migration 0035) so that matches are filtered and ranked without reading it: no group is
    // public, `hidden` is held or removed.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    groupId: uuid('group_id'),
    hidden: boolean('hidden').notNull(),
    status: text('status').$type<IntentionStatus>().notNull(),
  },
  (table) => [
    // Words and days in one GIN index (btree_gin, migrations 0037 and 0038): a page's window of
    // dates narrows the matches inside the index scan, exactly (search.service.ts).
    index('intention_search_match_idx')
      .using('gin', table.document, createdDay(table.createdAt))
      .with({ fastupdate: false }),
  ],
)
