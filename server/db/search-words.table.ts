import { index, pgTable, text } from 'drizzle-orm/pg-core'

// Issue 43: every accent-folded word any request or testimony has used, kept by triggers on the
// search rows (migration 0035, docs/search.md). The misspelling fallback looks for similar words
// here by trigrams, a few thousand short rows, then searches the posts for those words by full
// text. Words are never removed: a stale one only widens a search that then finds nothing.
export const searchWordsTable = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (table) => [
    index('search_words_trgm_idx')
      .using('gin', table.word.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
)
