import { OUTBOX_SYNC_TAG } from '@contract/outbox'
import type { OutboxEntry } from '@contract/outbox-entry'
import {
  OUTBOX_OBJECT_STORE,
  OUTBOX_QUEUE_KEY,
  outboxChannelName,
  outboxDatabaseName,
  targetOf,
} from '@contract/outbox-store'
import { createStore, type UseStore, update } from 'idb-keyval'

declare const self: ServiceWorkerGlobalScope

// The page's outbox, as the worker reads and writes it: the same database, list and entries
// (contract/outbox-store.ts, contract/outbox-entry.ts). One queue for both (DESIGN §6): the
// worker only adds to it where no window is open to do it, and the page replays and judges what
// waits there.

export function outboxStore(userId: string): UseStore {
  return createStore(outboxDatabaseName(userId), OUTBOX_OBJECT_STORE)
}

type BackgroundSync = { register(tag: string): Promise<void> }

/**
 * Queues a prayer (issue 20: "I prayed" on a reminder while offline) under the key its first
 * attempt sent, so a send that did reach the server counts once. A prayer for a request already
 * queued adds nothing, as in the page. Then open pages hear of it, and the browser is asked to
 * wake the worker when the connection returns (Background Sync, where it has it).
 */
export async function queuePrayer(userId: string, intentionId: string, key: string) {
  const id = crypto.randomUUID()
  const write = { kind: 'pray', intentionId } as const
  const target = targetOf(write, id)
  await update<OutboxEntry[]>(
    OUTBOX_QUEUE_KEY,
    (queue = []) =>
      queue.some((entry) => entry.target === target)
        ? queue
        : [
            ...queue,
            {
              id,
              key,
              target,
              write,
              createdAt: Date.now(),
              attempts: 0,
              lastError: null,
              retryAt: null,
            },
          ],
    outboxStore(userId),
  )
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(outboxChannelName(userId))
    channel.postMessage('changed')
    channel.close()
  }
  const sync = (self.registration as { sync?: BackgroundSync } | undefined)?.sync
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined)
}
