import { sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import type { Database } from '../db/client'
import { oncePerBatch } from '../db/scoped-database'
import { deferredToBatchEnd } from './batch-events'
import type { DomainEventInput } from './domain-events'
import { domainEventsTable } from './events.table'

/** The channel a commit holding events NOTIFYs, to wake every process's dispatcher at once. */
export const EVENTS_CHANNEL = 'domain_events'

const notify = (transaction: Database) =>
  transaction.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`)

/**
 * Records a domain event in the caller's transaction (`tx`): it exists exactly when the write
 * does. NOTIFY inside the transaction is delivered at commit, and never for a rollback; a sync
 * batch sends it once for all its entries' events.
 * `key`, when given, makes the event unique (a scheduled period); false = already recorded.
 * Without a key, within a sync batch's entry, it is inserted at the batch's end with the other
 * entries' events, in the same transaction (batch-events.ts).
 */
export async function recordEvent(
  tx: Database,
  event: DomainEventInput,
  { occurredAt, key }: { occurredAt: Date; key?: string },
): Promise<boolean> {
  const id = uuidv7()
  const row = { id, type: event.type, payload: event.payload, occurred_at: occurredAt.toISOString() }
  if (key === undefined && deferredToBatchEnd(tx, row)) {
    await oncePerBatch(tx, EVENTS_CHANNEL, notify)
    return true
  }
  const inserted = await tx
    .insert(domainEventsTable)
    .values({ id, type: event.type, payload: event.payload, occurredAt, key: key ?? null })
    .onConflictDoNothing()
    .returning({ id: domainEventsTable.id })
  if (inserted.length === 0) return false
  await oncePerBatch(tx, EVENTS_CHANNEL, notify)
  return true
}
