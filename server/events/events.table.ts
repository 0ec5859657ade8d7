import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { uuidv7 } from 'uuidv7'

// The transactional outbox (docs/events.md, ADR 0008). A service inserts its event in the
// same transaction as its write; the dispatcher fans it out into one delivery per subscriber.
export const domainEventsTable = pgTable(
  'domain_events',
  {
    id: uuid('id')
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** Unique when set: a scheduled job's period is recorded once across processes. */
    key: text('key').unique(),
    /** The app's clock at the write (what subscribers treat as "when"). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The database's clock at the write: lag and retention never depend on an app's clock. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOut: boolean('fanned_out').notNull().default(false),
  },
  (table) => [
    index('domain_events_waiting_idx')
      .on(table.id)
      .where(sql`not ${table.fannedOut}`),
    index('domain_events_recorded_idx').on(table.recordedAt),
  ],
)

// One row per (event, subscriber): the lease, the retries and the outcome of that delivery.
export const eventDeliveriesTable = pgTable(
  'event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEventsTable.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    parkedAt: timestamp('parked_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.subscriber] }),
    index('event_deliveries_due_idx')
      .on(table.subscriber, table.dueAt, table.eventId)
      .where(sql`${table.doneAt} is null and ${table.parkedAt} is null`),
    index('event_deliveries_parked_idx')
      .on(table.parkedAt)
      .where(sql`${table.parkedAt} is not null`),
  ],
)
