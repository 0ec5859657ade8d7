import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'
import { testimoniesTable } from './testimonies.table'

// Amen is a set: one row per (testimony, user, kind), so a replayed toggle ends in a defined
// state (DESIGN §3, §6). `kind` leaves room for reactions the spec may add later.
export const testimonyReactionsTable = pgTable(
  'testimony_reactions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    testimonyId: uuid('testimony_id')
      .notNull()
      .references(() => testimoniesTable.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'amen'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('testimony_reactions_once').on(table.testimonyId, table.userId, table.kind),
    // Who-said-Amen pages: newest first, ties broken by user (unique per testimony and kind).
    index('testimony_reactions_list_idx').on(
      table.testimonyId,
      table.kind,
      table.createdAt,
      table.userId,
    ),
  ],
)
