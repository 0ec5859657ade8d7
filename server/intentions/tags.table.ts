import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { intentionsTable } from './intentions.table'

// Tags are stored normalised (contract normaliseTag), once each, so search is a prefix scan.
export const tagsTable = pgTable(
  'tags',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    name: text('name').notNull().unique(),
  },
  // text_pattern_ops lets `name like 'pra%'` use the index whatever the database collation.
  (table) => [index('tags_name_prefix_idx').using('btree', table.name.op('text_pattern_ops'))],
)

// `position` keeps the order the author typed them in.
export const intentionTagsTable = pgTable(
  'intention_tags',
  {
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tagsTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.intentionId, table.tagId] }),
    index('intention_tags_tag_idx').on(table.tagId),
  ],
)
