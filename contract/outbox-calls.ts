import type { OutboxWrite } from './outbox-entry'
import type { SyncEntry } from './sync'

// The call each outbox write stands for (spec 001 §7 paths, DESIGN §4), shared by the page and
// the service worker (which replays with no window open): sent alone with its Idempotency-Key,
// or as one entry of POST /api/v1/sync. Toggles always carry `active`: a replay sets, it never
// flips. The write's shape is outbox-entry.ts's schema; only its type is imported here.

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
