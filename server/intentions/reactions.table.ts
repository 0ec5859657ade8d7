import type { IntentionReactionKind } from '@contract/intentions'
import { date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'
import { usersTable } from '../users/users.table'
import { intentionsTable } from './intentions.table'

// A prayer is one row per (intention, user, UTC day): has_prayed means "prayed today", and
// prayed_count counts prayers, so praying again tomorrow raises it again (DESIGN §3).
export const prayersTable = pgTable(
  'prayers',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    prayedOn: date('prayed_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('prayers_once_a_day').on(table.intentionId, table.userId, table.prayedOn),
    index('prayers_intention_user_idx').on(table.intentionId, table.userId, table.createdAt),
  ],
)

// Amen and candle are sets: one row per (intention, user, kind), so a replayed toggle can only
// end in a defined state (DESIGN §3, §6).
export const intentionReactionsTable = pgTable(
  'intention_reactions',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    intentionId: uuid('intention_id')
      .notNull()
      .references(() => intentionsTable.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<IntentionReactionKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('intention_reactions_once').on(table.intentionId, table.userId, table.kind),
    // Who-reacted pages: newest first, ties broken by user (unique per intention and kind).
    index('intention_reactions_list_idx').on(
      table.intentionId,
      table.kind,
      table.createdAt,
      table.userId,
    ),
  ],
)
