import type { SyncEntry } from '@contract/sync'
import { syncItemOf } from '@contract/sync'
import type { OutboxWrite } from './outbox-entry'

// The call each outbox write stands for (spec 001 §7 paths, DESIGN §4): sent alone with its
// Idempotency-Key, or as one entry of POST /api/v1/sync. Toggles always carry `active`: a
// replay sets, it never flips.

export type OutboxCall = Omit<SyncEntry, 'key'>

const id = encodeURIComponent

export function callOf(write: OutboxWrite): OutboxCall {
  const post = (path: string, body?: unknown): OutboxCall =>
    body === undefined ? { method: 'POST', path } : { method: 'POST', path, body }
  switch (write.kind) {
    case 'pray':
      return post(`/api/v1/intentions/${id(write.intentionId)}/pray`)
    case 'intention-reaction':
      return post(`/api/v1/intentions/${id(write.intentionId)}/reactions`, {
        kind: write.reaction,
        active: write.active,
      })
    case 'comment-reaction':
      return post(
        `/api/v1/intentions/${id(write.intentionId)}/comments/${id(write.commentId)}/reactions`,
        { Reaction: write.reaction, active: write.active },
      )
    case 'testimony-amen':
      return post(`/api/v1/testimonies/${id(write.testimonyId)}/reactions`, {
        Reaction: 'amen',
        active: write.active,
      })
    case 'comment':
      return post(`/api/v1/intentions/${id(write.intentionId)}/comments`, {
        content: write.content,
      })
    case 'intention':
      return post('/api/v1/intentions', write.body)
  }
}

/**
 * The prayer or testimony a write belongs to, as the server's sync call groups them: a later
 * write on the same item never overtakes an earlier one that is still waiting.
 */
export function itemOf(write: OutboxWrite, entryId: string): string {
  return syncItemOf(callOf(write).path) ?? `entry:${entryId}`
}
