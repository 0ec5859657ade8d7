import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { domainEventsTable, eventDeliveriesTable as d } from './events.table'

// What an operator (and issue 23's metrics) reads about the dispatcher: how far behind it is,
// what it gave up on, and a way to send a parked delivery again once its cause is fixed.

type Rows<T> = { rows: T[] }

/** Milliseconds since the oldest event still waiting for a subscriber was recorded (0: none). */
export async function dispatchLag(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(extract(epoch from now() - min(e.recorded_at)) * 1000, 0)::float8 as lag
    from domain_events e
    where not e.fanned_out or exists (
      select 1 from event_deliveries d
      where d.event_id = e.id and d.done_at is null and d.parked_at is null)`)) as unknown as Rows<{
    lag: number
  }>
  return Math.max(0, Math.round(Number(result.rows[0]?.lag ?? 0)))
}

/** Deliveries that failed every try and wait for an operator. */
export async function parkedCount(db: Database): Promise<number> {
  const [row] = await db.select({ parked: count() }).from(d).where(isNotNull(d.parkedAt))
  return row?.parked ?? 0
}

export async function listParked(db: Database, limit = 100) {
  return db
    .select({
      eventId: d.eventId,
      type: domainEventsTable.type,
      subscriber: d.subscriber,
      attempts: d.attempts,
      parkedAt: d.parkedAt,
      lastError: d.lastError,
    })
    .from(d)
    .innerJoin(domainEventsTable, eq(domainEventsTable.id, d.eventId))
    .where(isNotNull(d.parkedAt))
    .orderBy(d.parkedAt)
    .limit(limit)
}

/** Puts a parked delivery back in line with a fresh set of tries. True when one was parked. */
export async function retryParked(db: Database, eventId: string, subscriber: string) {
  const updated = await db
    .update(d)
    .set({ parkedAt: null, attempts: 0, dueAt: sql`now()`, lastError: null })
    .where(and(eq(d.eventId, eventId), eq(d.subscriber, subscriber), isNotNull(d.parkedAt)))
    .returning({ eventId: d.eventId })
  return updated.length > 0
}

/** Anything recorded and not yet handed out, or due now, or in a live lease. */
export async function hasWaitingWork(db: Database): Promise<boolean> {
  const result = (await db.execute(sql`
    select (exists (select 1 from domain_events where not fanned_out)
      or exists (select 1 from event_deliveries
        where done_at is null and parked_at is null and due_at <= now())) as waiting`)) as unknown as Rows<{
    waiting: boolean
  }>
  return result.rows[0]?.waiting === true
}
