import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { domainEventsTable } from '../events/events.table'

// Issue 39: a mail that must arrive is sent by a subscriber, and a delivery may be repeated
// (docs/events.md). One row per (event, kind) once its mail went out, so the repeat sends
// nothing twice; it goes with its event when handled events are pruned (7 days).
export const sentMailsTable = pgTable(
  'sent_mails',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEventsTable.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.kind] })],
)
