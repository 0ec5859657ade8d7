import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG, SYNC_MAX_ENTRIES, SYNC_PATH } from '@contract/outbox'
import { callOf } from '@contract/outbox-calls'
import type { OutboxEntry } from '@contract/outbox-entry'
import { OUTBOX_QUEUE_KEY } from '@contract/outbox-store'
import { get, update } from 'idb-keyval'
import { currentApiOwner } from './api-owner'
import { outboxStore } from './outbox-queue'

declare const self: ServiceWorkerGlobalScope

type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean }
type SyncAnswer = { results: { key: string; status: number }[] }

/**
 * Background Sync (where the browser has it): when the connection returns, the browser wakes
 * the worker with the page's tag. An open page replays its own outbox (it shows the refusals and
 * holds the session); with no window open the worker sends the member's outbox itself, in
 * batches through POST /api/v1/sync, under the same cross-tab lock as the page (DESIGN §6).
 */
export function relayOutboxSync(event: Event): void {
  const sync = event as SyncEvent
  if (sync.tag !== OUTBOX_SYNC_TAG) return
  sync.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window' })
      if (pages.length > 0) {
        pages.forEach((page) => page.postMessage(OUTBOX_SYNC_MESSAGE))
        return
      }
      // The member the page last named; nobody after a sign-out or an expired session, whose
      // writes then wait for the next sign-in in the page.
      const userId = await currentApiOwner()
      if (userId) await withLock(userId, () => sendQueue(userId))
    })(),
  )
}

function withLock(userId: string, run: () => Promise<void>): Promise<void> {
  const locks = (self.navigator as WorkerNavigator | undefined)?.locks
  const name = `outbox-replay:${userId}`
  return locks ? (locks.request(name, run) as Promise<void>) : run()
}

/**
 * Sends what the page queued (the user's outbox list, contract/outbox-store.ts) and removes
 * each entry the server applied, stopping after the first batch with an entry it did not.
 * Everything else stays for the page to judge at its next open (a refusal shown with its text, a backoff, a 401): the keys make that
 * second send change nothing twice. A failure to reach the server throws, so the browser tries
 * the sync again later.
 */
async function sendQueue(userId: string): Promise<void> {
  const store = outboxStore(userId)
  const queue = ((await get<OutboxEntry[]>(OUTBOX_QUEUE_KEY, store)) ?? []).filter(
    (entry) => entry.retryAt === null || entry.retryAt <= Date.now(),
  )
  for (let at = 0; at < queue.length; at += SYNC_MAX_ENTRIES) {
    const batch = queue.slice(at, at + SYNC_MAX_ENTRIES)
    const response = await fetch(SYNC_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        entries: batch.map(({ key, write }) => ({ key, ...callOf(write) })),
      }),
    })
    if (response.status >= 500) throw new Error(`Sync answered ${response.status}`)
    // Signed out, or a server without the batch call: the page sends them when next opened.
    if (!response.ok) return
    const { results } = (await response.json()) as SyncAnswer
    const applied = new Set(results.filter(({ status }) => status < 300).map(({ key }) => key))
    await update<OutboxEntry[]>(
      OUTBOX_QUEUE_KEY,
      (stored = []) =>
        stored.filter(
          (entry) => !batch.some((sent) => sent.id === entry.id && applied.has(entry.key)),
        ),
      store,
    )
    // A write the server did not apply: the later ones may depend on it, and wait with it.
    if (applied.size < batch.length) return
  }
}
