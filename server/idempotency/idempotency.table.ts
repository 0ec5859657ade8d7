import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'

// DESIGN §4: a replayable write carries an Idempotency-Key; its first response is stored here
// (24 h) and returned for repeats. The key is scoped to the user and the call so two users (or
// two calls) can never collide on a client-generated key.
export const idempotencyKeysTable = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().$defaultFn(() => uuidv7()),
    key: text('key').notNull(),
    userId: uuid('user_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    // A repeat with the same key but another body is a client bug, answered 422, not replayed.
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // NULLS NOT DISTINCT: anonymous calls (no user) must still collide on the same key.
    unique('idempotency_keys_scope_key').on(table.key, table.userId, table.method, table.path).nullsNotDistinct(),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
)
