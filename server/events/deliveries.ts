import { and, asc, eq, inArray, not, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { DomainEvent, DomainEventType } from './domain-events'
import { domainEventsTable, eventDeliveriesTable as d } from './events.table'
import { subscribersOf, type Subscriber } from './subscriber'

// The dispatcher's statements. Every claim is `FOR UPDATE SKIP LOCKED`, so processes sharing a
// PostgreSQL database split the work instead of repeating it; on PGlite there is one process.

export interface Delivery {
  event: DomainEvent
  subscriber: string
  attempts: number
}

/** Turns recorded events into one pending delivery per interested subscriber. */
export async function fanOut(db: Database, subscribers: readonly Subscriber[], limit: number) {
  return db.transaction(async (tx) => {
    const events = await tx
      .select({ id: domainEventsTable.id, type: domainEventsTable.type })
      .from(domainEventsTable)
      .where(not(domainEventsTable.fannedOut))
      .orderBy(asc(domainEventsTable.id))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (events.length === 0) return 0
    const rows = events.flatMap((event) =>
      subscribersOf(subscribers, event.type as DomainEventType).map((subscriber) => ({
        eventId: event.id,
        subscriber: subscriber.name,
      })),
    )
    if (rows.length > 0) await tx.insert(d).values(rows).onConflictDoNothing()
    const ids = events.map((event) => event.id)
    await tx
      .update(domainEventsTable)
      .set({ fannedOut: true })
      .where(inArray(domainEventsTable.id, ids))
    return events.length
  })
}

/** Leases up to `limit` of one subscriber's due deliveries for `leaseMs`; each is an attempt. */
export async function claim(
  db: Database,
  subscriber: string,
  limit: number,
  leaseMs: number,
): Promise<Delivery[]> {
  const result = (await db.execute(sql`
    with due as (
      select event_id, subscriber from event_deliveries
      where subscriber = ${subscriber} and done_at is null and parked_at is null and due_at <= now()
        and (leased_until is null or leased_until < now())
      order by due_at, event_id limit ${limit}
      for update skip locked
    )
    update event_deliveries as d
    set leased_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1
    from due where d.event_id = due.event_id and d.subscriber = due.subscriber
    returning d.event_id, d.subscriber, d.attempts`)) as unknown as {
    rows: { event_id: string; subscriber: string; attempts: number }[]
  }
  if (result.rows.length === 0) return []
  const ids = [...new Set(result.rows.map((row) => row.event_id))]
  const events = await db
    .select({
      id: domainEventsTable.id,
      type: domainEventsTable.type,
      payload: domainEventsTable.payload,
      occurredAt: domainEventsTable.occurredAt,
    })
    .from(domainEventsTable)
    .where(inArray(domainEventsTable.id, ids))
  const byId = new Map(events.map((event) => [event.id, event as DomainEvent]))
  return result.rows
    .map((row) => ({ event: byId.get(row.event_id), subscriber: row.subscriber, attempts: row.attempts }))
    .filter((delivery): delivery is Delivery => delivery.event !== undefined)
    .sort((a, b) => (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0))
}

const mine = (delivery: Delivery) =>
  and(eq(d.eventId, delivery.event.id), eq(d.subscriber, delivery.subscriber))

/** One statement for a lane's handled batch: under load every round trip waits for the pool. */
export async function markDone(db: Database, subscriber: string, eventIds: readonly string[]) {
  if (eventIds.length === 0) return
  await db
    .update(d)
    .set({ doneAt: sql`now()`, leasedUntil: null, lastError: null })
    .where(and(eq(d.subscriber, subscriber), inArray(d.eventId, [...eventIds])))
}

/** Back in line after `delayMs`, or parked for an operator when `delayMs` is null. */
export async function markFailed(
  db: Database,
  delivery: Delivery,
  error: string,
  delayMs: number | null,
) {
  await db
    .update(d)
    .set(
      delayMs === null
        ? { parkedAt: sql`now()`, leasedUntil: null, lastError: error }
        : {
            dueAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
            leasedUntil: null,
            lastError: error,
          },
    )
    .where(mine(delivery))
}

/** A stopping process hands back leases it has not started: the attempt did not happen. */
export async function release(db: Database, deliveries: readonly Delivery[]) {
  for (const delivery of deliveries)
    await db
      .update(d)
      .set({ leasedUntil: null, attempts: sql`${d.attempts} - 1` })
      .where(mine(delivery))
}
