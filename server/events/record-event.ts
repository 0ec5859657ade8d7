import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { oncePerBatch } from '../db/scoped-database'
import type { DomainEventInput } from './domain-events'
import { domainEventsTable } from './events.table'

/** The channel a commit holding events NOTIFYs, to wake every process's dispatcher at once. */
export const EVENTS_CHANNEL = 'domain_events'

/**
 * Records a domain event in the caller's transaction (`tx`): it exists exactly when the write
 * does. NOTIFY inside the transaction is delivered at commit, and never for a rollback; a sync
 * batch sends it once for all its entries' events.
 * `key`, when given, makes the event unique (a scheduled period); false = already recorded.
 */
export async function recordEvent(
  tx: Database,
  event: DomainEventInput,
  { occurredAt, key }: { occurredAt: Date; key?: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(domainEventsTable)
    .values({ type: event.type, payload: event.payload, occurredAt, key: key ?? null })
    .onConflictDoNothing()
    .returning({ id: domainEventsTable.id })
  if (inserted.length === 0) return false
  await oncePerBatch(tx, EVENTS_CHANNEL, (transaction) =>
    transaction.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`),
  )
  return true
}
