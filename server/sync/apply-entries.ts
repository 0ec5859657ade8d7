import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ErrorCode } from '@contract/errors'
import type { Language } from '@contract/languages'
import { isQueueableCall, type SyncEntry, type SyncResult, syncItemOf } from '@contract/sync'
import type { Database } from '../db/client'
import { withTransaction } from '../db/scoped-database'
import { batchEvents } from '../events/batch-events'
import { problemInLanguage } from '../i18n/problem-language'
import { problem } from '../plugins/problem-details'
import { applyEntry } from './apply-entry'
import { entrySavepoints } from './entry-savepoint'

const NOT_QUEUEABLE = 'This call cannot be sent in a sync batch.'
const DEPENDS_ON_FAILED =
  'An earlier write on the same item was not applied; this one waits for it.'

/** An entry the server failed (5xx): its savepoint is rolled back, as a single call's would be. */
class EntryUndone extends Error {
  constructor(readonly result: SyncResult) {
    super(`sync entry answered ${result.status}`)
  }
}

/**
 * Applies the entries in order inside the batch's transaction, each in a savepoint of its own:
 * a database error in one leaves the transaction usable for the next, and a 5xx undoes only
 * that entry. A refused entry (4xx) keeps its stored answer. A later entry on the item of a
 * failed one is not applied (424 `depends_on_failed`): it would overtake the write it follows.
 */
export async function applyEntries(
  app: FastifyInstance,
  batch: FastifyRequest,
  transaction: Database,
  entries: readonly SyncEntry[],
  language: Language,
): Promise<SyncResult[]> {
  const results: SyncResult[] = []
  const failedItems = new Set<string>()
  const events = batchEvents(transaction)
  const savepoints = entrySavepoints(transaction)
  for (const entry of entries) {
    const item = syncItemOf(entry.path)
    let result: SyncResult
    if (!isQueueableCall(entry.method, entry.path)) {
      // Worded here, in the member's language: an entry's own call is worded as it is answered.
      const body = problemInLanguage(language, problem(400, ErrorCode.notQueueable, NOT_QUEUEABLE))
      result = { key: entry.key, status: 400, body }
    } else if (item !== null && failedItems.has(item)) {
      const body = problemInLanguage(
        language,
        problem(424, ErrorCode.dependsOnFailed, DEPENDS_ON_FAILED),
      )
      result = { key: entry.key, status: 424, body }
    } else {
      const entryIn = { transaction, savepoints, events }
      result = await inSavepoint(entryIn, () => applyEntry(app, batch, entry))
    }
    if (item !== null && result.status >= 300) failedItems.add(item)
    results.push(result)
  }
  // The applied entries' events, in one statement (batch-events.ts), before the batch commits.
  await events.write()
  return results
}

/** What an entry runs in: the batch's transaction, its entries' savepoint and events. */
interface EntryIn {
  transaction: Database
  savepoints: ReturnType<typeof entrySavepoints>
  events: ReturnType<typeof batchEvents>
}

/** An inner transaction of the entry's failed: the entry is replayed with real savepoints. */
class InnerTransactionFailed extends Error {}

async function inSavepoint(entryIn: EntryIn, apply: () => Promise<SyncResult>): Promise<SyncResult> {
  try {
    return await attempt(entryIn, apply, true)
  } catch (error) {
    if (!(error instanceof InnerTransactionFailed)) throw error
    return attempt(entryIn, apply, false)
  }
}

/**
 * One try at the entry in its savepoint. `flat`: a service's own `db.transaction` runs in the
 * entry's savepoint itself instead of a savepoint of its own (two statements less per write,
 * bench:sync, issue 45). That is the same as long as it commits; when one throws (a refusal
 * after a write, a database error caught by its caller), its writes would outlive it, so the
 * entry is undone whole and run again with real savepoints: the entry's savepoint holds every
 * one of its writes, its Idempotency-Key included, and nothing it does outside the database
 * happens before the batch commits (its events are dispatched after).
 * Flat, the entry's events are kept for the batch's end (`events`, batch-events.ts) once it
 * returns; with real savepoints they are inserted as recorded, so that a savepoint rolled back
 * under the entry takes its events with it.
 */
async function attempt(
  { transaction, savepoints, events }: EntryIn,
  apply: () => Promise<SyncResult>,
  flat: boolean,
): Promise<SyncResult> {
  const inner = { failed: false }
  try {
    return await savepoints.run(() =>
      withTransaction(flat ? flattened(transaction, inner) : transaction, async () => {
        const work = async () => {
          const result = await apply()
          if (inner.failed) throw new InnerTransactionFailed()
          if (result.status >= 500) throw new EntryUndone(result)
          return result
        }
        return flat ? events.entry(work) : work()
      }),
    )
  } catch (error) {
    if (error instanceof EntryUndone) return error.result
    throw error
  }
}

/** `savepoint`, whose own `transaction(work)` runs `work` on it, noting when `work` throws. */
function flattened(savepoint: Database, inner: { failed: boolean }): Database {
  const flat: Database = new Proxy(savepoint, {
    get(target, property) {
      if (property === 'transaction')
        return async <T>(work: (tx: Database) => Promise<T>): Promise<T> => {
          try {
            return await work(flat)
          } catch (error) {
            inner.failed = true
            throw error
          }
        }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return flat
}
