import type { OutboxWrite } from './outbox-entry'

// Where the outbox is kept (DESIGN §6), as the page (src/lib/outbox/outbox-store.ts) and the
// service worker (sw/outbox-queue.ts, sw/outbox-sync.ts) both open it: an IndexedDB database of
// each user's own, one object store holding two lists. Apart from outbox-entry.ts, so the
// worker reads these names and targets without loading the entries' schemas.

/** One user's database: another member on the device never replays or sees it. */
export const outboxDatabaseName = (userId: string) => `prayer-outbox-v1:${userId}`
export const OUTBOX_OBJECT_STORE = 'outbox'
/** The writes waiting, in the order written. */
export const OUTBOX_QUEUE_KEY = 'queue'
/** The replays the server refused, kept until the member edits or discards them. */
export const OUTBOX_REJECTED_KEY = 'rejected'
/** Where a change to a user's outbox is told to the other tabs (and from the worker). */
export const outboxChannelName = (userId: string) => `prayer-outbox:${userId}`

/**
 * The thing a write acts on. Two toggles of one reaction share a target and coalesce; a
 * comment or a new prayer is its own target, and each one stays an entry of its own.
 */
export function targetOf(write: OutboxWrite, entryId: string): string {
  switch (write.kind) {
    case 'pray':
      return `intention:${write.intentionId}:pray`
    case 'intention-reaction':
      return `intention:${write.intentionId}:${write.reaction}`
    case 'comment-reaction':
      return `comment:${write.commentId}:${write.reaction}`
    case 'testimony-amen':
      return `testimony:${write.testimonyId}:amen`
    case 'comment':
      return `intention:${write.intentionId}:comment:${entryId}`
    case 'intention':
      return `new-intention:${entryId}`
  }
}
