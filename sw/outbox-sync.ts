import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '@contract/outbox'

declare const self: ServiceWorkerGlobalScope

type SyncEvent = ExtendableEvent & { tag: string }

/**
 * Background Sync (where the browser has it): when the connection returns, the browser wakes
 * the worker with the page's tag, and the worker asks every open page to replay. The replay
 * itself stays in the page: one queue only (DESIGN §6), never a second one in the worker.
 */
export function relayOutboxSync(event: Event): void {
  const sync = event as SyncEvent
  if (sync.tag !== OUTBOX_SYNC_TAG) return
  sync.waitUntil(
    self.clients
      .matchAll({ type: 'window' })
      .then((pages) => pages.forEach((page) => page.postMessage(OUTBOX_SYNC_MESSAGE))),
  )
}
