import { SYNC_PATH } from '@contract/outbox'
import { SyncResponseSchema } from '@contract/sync'
import { ApiError, apiFetch, problemError } from '../api-client'
import { callOf } from '@contract/outbox-calls'
import type { OutboxEntry } from '@contract/outbox-entry'

/** One entry's answer: the single call's body, or its refusal as the single call throws it. */
export type Outcome = { ok: true; answer: unknown } | { ok: false; error: ApiError }

/**
 * Sends entries in order as one POST /api/v1/sync (issue 19), each with its own
 * Idempotency-Key, and answers one outcome per entry. A failure of the whole request throws as
 * any call does: the caller then knows nothing of which entries were applied, and their keys
 * make sending them again safe.
 */
export async function sendBatch(entries: OutboxEntry[]): Promise<Outcome[]> {
  const { results } = await apiFetch(SYNC_PATH, {
    method: 'POST',
    body: { entries: entries.map(({ key, write }) => ({ key, ...callOf(write) })) },
    schema: SyncResponseSchema,
  })
  if (results.length !== entries.length || results.some((r, at) => r.key !== entries[at]!.key))
    throw new ApiError(502, 'invalid_response', 'The sync answer does not match the batch sent.')
  return results.map(({ status, body }) =>
    status < 300 ? { ok: true, answer: body } : { ok: false, error: problemError(status, body) },
  )
}
