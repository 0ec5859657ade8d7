import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ErrorCode } from '@contract/errors'
import { isQueueableCall, type SyncEntry, type SyncResult, syncItemOf } from '@contract/sync'
import type { Database } from '../db/client'
import { withTransaction } from '../db/scoped-database'
import { problem } from '../plugins/problem-details'
import { applyEntry } from './apply-entry'

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
): Promise<SyncResult[]> {
  const results: SyncResult[] = []
  const failedItems = new Set<string>()
  for (const entry of entries) {
    const item = syncItemOf(entry.path)
    let result: SyncResult
    if (!isQueueableCall(entry.method, entry.path)) {
      const body = problem(400, ErrorCode.notQueueable, NOT_QUEUEABLE)
      result = { key: entry.key, status: 400, body }
    } else if (item !== null && failedItems.has(item)) {
      const body = problem(424, ErrorCode.dependsOnFailed, DEPENDS_ON_FAILED)
      result = { key: entry.key, status: 424, body }
    } else {
      result = await inSavepoint(transaction, () => applyEntry(app, batch, entry))
    }
    if (item !== null && result.status >= 300) failedItems.add(item)
    results.push(result)
  }
  return results
}

async function inSavepoint(
  transaction: Database,
  apply: () => Promise<SyncResult>,
): Promise<SyncResult> {
  try {
    return await transaction.transaction((savepoint) =>
      withTransaction(savepoint, async () => {
        const result = await apply()
        if (result.status >= 500) throw new EntryUndone(result)
        return result
      }),
    )
  } catch (error) {
    if (error instanceof EntryUndone) return error.result
    throw error
  }
}
