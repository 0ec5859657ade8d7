import { OUTBOX_SYNC_TAG } from '@contract/outbox'
import type { OutboxWrite } from '@contract/outbox-calls'
import { createStore, type UseStore, update } from 'idb-keyval'

declare const self: ServiceWorkerGlobalScope

// The page's outbox, as the worker reads and writes it (src/lib/outbox/outbox-store.ts owns the
// shape: IndexedDB database `prayer-outbox-v1:<user>`, one `queue` list; outbox-entry.ts its
// entries and their coalescing targets). One queue for both (DESIGN §6): the worker only adds
// to it where no window is open to do it, and the page replays and judges what waits there.

export type QueuedEntry = {
  id: string
  key: string
  target: string
  write: OutboxWrite
  createdAt: number
  attempts: number
  lastError: string | null
  retryAt: number | null
}

export function outboxStore(userId: string): UseStore {
  return createStore(`prayer-outbox-v1:${userId}`, 'outbox')
}

type BackgroundSync = { register(tag: string): Promise<void> }

/**
 * Queues a prayer (issue 20: "I prayed" on a reminder while offline) under the key its first
 * attempt sent, so a send that did reach the server counts once. A prayer for a request already
 * queued adds nothing, as in the page. Then open pages hear of it, and the browser is asked to
 * wake the worker when the connection returns (Background Sync, where it has it).
 */
export async function queuePrayer(userId: string, intentionId: string, key: string) {
  const target = `intention:${intentionId}:pray`
  await update<QueuedEntry[]>(
    'queue',
    (queue = []) =>
      queue.some((entry) => entry.target === target)
        ? queue
        : [
            ...queue,
            {
              id: crypto.randomUUID(),
              key,
              target,
              write: { kind: 'pray', intentionId },
              createdAt: Date.now(),
              attempts: 0,
              lastError: null,
              retryAt: null,
            },
          ],
    outboxStore(userId),
  )
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(`prayer-outbox:${userId}`)
    channel.postMessage('changed')
    channel.close()
  }
  const sync = (self.registration as { sync?: BackgroundSync } | undefined)?.sync
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined)
}
