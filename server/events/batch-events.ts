import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { sessionOf } from '../db/session-of'

// A sync batch is one transaction (ADR 0019), so an entry's events need not be inserted one
// statement each: they are kept while the entry runs and inserted with every other applied
// entry's, in one statement at the batch's end, still inside its transaction (issue 45: one
// statement of 9.5 a write, and its query building). Ids are taken when the event is recorded,
// so the events keep the order they were recorded in. An entry that is undone (its savepoint
// rolled back) takes its events with it: they are kept only once its work returned.

/** An event as the batch's insert takes it (jsonb_to_recordset's columns below). */
interface EventRow {
  id: string
  type: string
  payload: unknown
  occurred_at: string
}

/** The entry running here, with the session of the batch's transaction (see `deferred`). */
interface EntryScope {
  session: object
  rows: string[] | null
}
const entries = new AsyncLocalStorage<EntryScope>()

/**
 * Keeps the event for the batch's end and answers true when `tx` is the batch's own
 * transaction (or a savepoint in it) within an entry; false elsewhere: the caller inserts it.
 * An event whose payload PostgreSQL's jsonb would refuse (a NUL character) is inserted at once,
 * so that its refusal fails its entry alone, as it would have.
 */
export function deferredToBatchEnd(tx: Database, row: EventRow): boolean {
  const scope = entries.getStore()
  if (!scope?.rows || sessionOf(tx) !== scope.session) return false
  const json = JSON.stringify(row)
  if (json.includes('\\u0000')) return false
  scope.rows.push(json)
  return true
}

/**
 * The events of a batch's entries, inserted at its end (`write`). `entry` runs one entry's work
 * (inside its savepoint, with no real nested savepoints: a service's own transaction that is
 * rolled back would not take the events kept here with it) and keeps its events once it returns.
 */
export function batchEvents(transaction: Database) {
  const kept: string[] = []
  const session = sessionOf(transaction)
  return {
    async entry<T>(work: () => Promise<T>): Promise<T> {
      const scope: EntryScope = { session, rows: [] }
      try {
        const result = await entries.run(scope, work)
        kept.push(...scope.rows!)
        return result
      } finally {
        scope.rows = null
      }
    },
    async write(): Promise<void> {
      if (kept.length === 0) return
      const rows = `[${kept.join(',')}]`
      kept.length = 0
      await transaction.execute(sql`insert into domain_events (id, type, payload, occurred_at)
        select r.id, r.type, r.payload, r.occurred_at
        from jsonb_to_recordset(${rows}::jsonb)
          as r(id uuid, type text, payload jsonb, occurred_at timestamptz)`)
    },
  }
}
