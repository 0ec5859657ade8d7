import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { DomainEvent, DomainEventType } from './domain-events'
import { eventDeliveriesTable as d } from './events.table'
import { subscribersOf, type Subscriber } from './subscriber'

// The dispatcher's statements. Every claim is `FOR UPDATE SKIP LOCKED`, so processes sharing a
// PostgreSQL database split the work instead of repeating it; on PGlite there is one process.

export interface Delivery {
  event: DomainEvent
  subscriber: string
  attempts: number
}

type Rows<T> = { rows: T[] }

/** What one fan-out took: its events, and the subscribers that got a delivery from it. */
export interface FannedOut {
  events: number
  subscribers: string[]
}

/**
 * Turns up to `limit` recorded events into one pending delivery per interested subscriber, in
 * one statement (its own transaction). With `notify`, the same statement NOTIFYs which lanes
 * got deliveries (`lanesNotice`), so other processes wake only those (issue 45).
 */
export async function fanOut(
  db: Database,
  subscribers: readonly Subscriber[],
  limit: number,
  notify: { channel: string; from: string } | null = null,
): Promise<FannedOut> {
  const types = new Set(subscribers.flatMap((subscriber) => Object.keys(subscriber.on)))
  const pairs = [...types].flatMap((type) =>
    subscribersOf(subscribers, type as DomainEventType).map(
      (subscriber) => sql`(${type}::text, ${subscriber.name}::text)`,
    ),
  )
  const wanted =
    pairs.length > 0
      ? sql`select * from (values ${sql.join(pairs, sql`, `)}) as pairs (type, subscriber)`
      : sql`select null::text as type, null::text as subscriber where false`
  const notice = notify
    ? sql`case when exists (select 1 from added) then pg_notify(${notify.channel},
        json_build_object('from', ${notify.from}::text,
          'lanes', (select array_agg(distinct subscriber) from added))::text) end`
    : sql`null`
  const result = (await db.execute(sql`
    with waiting as (
      select id, type from domain_events where not fanned_out
      order by id limit ${limit}
      for update skip locked
    ), wanted as (${wanted}),
    added as (
      insert into event_deliveries (event_id, subscriber)
      select waiting.id, wanted.subscriber from waiting join wanted on wanted.type = waiting.type
      on conflict do nothing
      returning subscriber
    ), marked as (
      update domain_events set fanned_out = true from waiting
      where domain_events.id = waiting.id
      returning 1
    )
    select (select count(*) from marked)::int as events,
      coalesce((select array_agg(distinct subscriber) from added), '{}') as subscribers,
      (${notice}) is null as quiet`)) as unknown as Rows<{
    events: number
    subscribers: string[] | string
  }>
  const row = result.rows[0]
  return { events: Number(row?.events ?? 0), subscribers: textArray(row?.subscribers ?? []) }
}

/** A text[] as the driver hands it: an array, or PostgreSQL's literal `{a,"b c"}`. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value
  const inner = value.slice(1, -1)
  if (inner === '') return []
  return (inner.match(/"(?:[^"\\]|\\.)*"|[^,]+/g) ?? []).map((item) =>
    item.startsWith('"') ? item.slice(1, -1).replace(/\\(.)/g, '$1') : item,
  )
}

/** The payload of a fan-out's NOTIFY: who sent it and which lanes got deliveries. */
export function lanesNotice(payload: string): { from: string; lanes: string[] } | null {
  if (!payload.startsWith('{')) return null
  try {
    const parsed = JSON.parse(payload) as { from?: unknown; lanes?: unknown }
    if (typeof parsed.from !== 'string' || !Array.isArray(parsed.lanes)) return null
    return { from: parsed.from, lanes: parsed.lanes.filter((lane) => typeof lane === 'string') }
  } catch {
    return null
  }
}

/**
 * The subscribers with a delivery due now and not leased (a retry whose backoff ran out, a
 * killed process's lease, a wake-up missed): one statement for the poll instead of a claim
 * per lane.
 */
export async function dueSubscribers(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct subscriber from event_deliveries
    where done_at is null and parked_at is null and due_at <= now()
      and (leased_until is null or leased_until < now())`)) as unknown as Rows<{
    subscriber: string
  }>
  return result.rows.map((row) => row.subscriber)
}

/**
 * Leases up to `limit` of one subscriber's due deliveries for `leaseMs`; each is an attempt.
 * One statement claims them and reads their events; the batch comes in event id order.
 */
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
    ), claimed as (
      update event_deliveries as d
      set leased_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1
      from due where d.event_id = due.event_id and d.subscriber = due.subscriber
      returning d.event_id, d.subscriber, d.attempts
    )
    select claimed.event_id, claimed.subscriber, claimed.attempts, e.type, e.payload,
      (extract(epoch from e.occurred_at) * 1000)::float8 as occurred_ms
    from claimed join domain_events e on e.id = claimed.event_id
    order by claimed.event_id`)) as unknown as Rows<{
    event_id: string
    subscriber: string
    attempts: number
    type: string
    payload: unknown
    occurred_ms: number
  }>
  return result.rows.map((row) => ({
    event: {
      id: row.event_id,
      type: row.type,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      occurredAt: new Date(Number(row.occurred_ms)),
    } as DomainEvent,
    subscriber: row.subscriber,
    attempts: Number(row.attempts),
  }))
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

/**
 * A lane still working on its batch keeps its leases (dispatcher.ts renews them every third of
 * the lease): on PostgreSQL a lease is short, so a killed process's batch is taken up by
 * another within seconds (issue 44), and a long batch is never taken while it runs.
 */
export async function renew(
  db: Database,
  subscriber: string,
  eventIds: readonly string[],
  leaseMs: number,
) {
  if (eventIds.length === 0) return
  await db
    .update(d)
    .set({ leasedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(
      and(
        eq(d.subscriber, subscriber),
        inArray(d.eventId, [...eventIds]),
        isNull(d.doneAt),
        isNotNull(d.leasedUntil),
      ),
    )
}

/**
 * The embedded database has one process by construction: a lease held when it starts is the
 * last run's, killed mid-batch. Handed back at once (the attempt stays counted: its handler may
 * have run), instead of waiting out the lease (issue 44). Returns how many were.
 */
export async function releaseAbandoned(db: Database): Promise<number> {
  const released = await db
    .update(d)
    .set({ leasedUntil: null })
    .where(and(isNotNull(d.leasedUntil), isNull(d.doneAt)))
    .returning({ eventId: d.eventId })
  return released.length
}
