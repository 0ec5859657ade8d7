import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from '@contract/outbox'
import { useEffect } from 'react'
import { ApiError } from '@/lib/api-client'
import type { OutboxEntry } from '@contract/outbox-entry'
import { adoptSavedWrites, forgetSavedWrites } from '@/lib/outbox/outbox-owner'
import { subscribeOutbox } from '@/lib/outbox/outbox-store'
import { NETWORK_SETTLE_MS } from '@/lib/network'
import { replayOutbox } from '@/lib/outbox/replay-outbox'
import { onSessionEnd } from '@/lib/session'
import { reportSessionError } from '@/lib/session-guard'

type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register: (tag: string) => Promise<void> }
}

// Where the browser has Background Sync, it wakes the service worker when the connection is
// back even if this tab was in the background; the SW then asks the page to replay.
function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined)
}

/**
 * Replays the member's outbox (DESIGN §6): at app start, when the browser is back online (once
 * the network settled), when the service worker relays a Background Sync, after a write is
 * queued while online (a lost answer), and at each entry's backoff time. Passes in this tab
 * never overlap: a trigger during a pass asks for one more pass afterwards. `onReplayed` hears
 * what was sent or refused.
 * The outbox belongs to the member until they sign out on purpose: a session that expired
 * keeps it for their next sign-in, and another member signing in wipes it (ADR 0015).
 */
export function useOutboxReplay(
  userId: string | null,
  onReplayed: (entries: OutboxEntry[]) => void,
): void {
  useEffect(() => {
    if (!userId) return
    let running = false
    let again: { ignoreBackoff: boolean } | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    // Ends with the session or the effect: a pass under way sends nothing more after that.
    const session = new AbortController()
    const ended = () => session.signal.aborted
    // Another member's saved writes leave the device before this member's replay starts.
    const adopted = adoptSavedWrites(userId).catch((error: unknown) =>
      console.warn('Outbox wipe failed', error),
    )

    const run = async (ignoreBackoff: boolean) => {
      if (ended() || !navigator.onLine) return
      if (running) {
        again = { ignoreBackoff: ignoreBackoff || (again?.ignoreBackoff ?? false) }
        return
      }
      running = true
      try {
        await adopted
        let pass: { ignoreBackoff: boolean } | null = { ignoreBackoff }
        while (pass && !ended()) {
          again = null
          const result = await replayOutbox(userId, { ...pass, signal: session.signal })
          const settled = [...result.sent, ...result.rejected]
          if (settled.length > 0) onReplayed(settled)
          clearTimeout(timer)
          if (result.retryAt !== null) {
            timer = setTimeout(() => void run(false), Math.max(0, result.retryAt - Date.now()))
          }
          if (result.stopped) {
            // The server no longer knows the session: the app asks the member to sign in, and
            // the outbox waits for them (DESIGN §6).
            reportSessionError(new ApiError(401, 'unauthenticated', 'Please sign in to continue.'))
            break
          }
          pass = again
        }
      } catch {
        // IndexedDB unavailable or the lock refused: the next trigger tries again.
      } finally {
        running = false
      }
    }

    // Back online, the pass waits for the network to settle (it would fail on a network still
    // closed: an error in the console, and every entry pushed to its backoff).
    let settling: ReturnType<typeof setTimeout> | undefined
    const onOnline = () => {
      clearTimeout(settling)
      settling = setTimeout(() => void run(true), NETWORK_SETTLE_MS)
    }
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SYNC_MESSAGE.type)
        void run(true)
    }
    const stop = subscribeOutbox((changed) => {
      if (changed !== userId) return
      if (navigator.onLine) void run(false)
      else requestBackgroundSync()
    })
    // A deliberate sign-out (the member was warned) deletes what they saved; an expired session
    // only stops sending until they sign in again.
    const stopAtSessionEnd = onSessionEnd((reason) => {
      session.abort()
      if (reason !== 'signed-out') return
      // Without IndexedDB (jsdom, some private modes) nothing was queued to wipe.
      forgetSavedWrites(userId).catch((error: unknown) => console.warn('Outbox wipe failed', error))
    })
    window.addEventListener('online', onOnline)
    navigator.serviceWorker?.addEventListener('message', onMessage)
    void run(false)
    return () => {
      session.abort()
      clearTimeout(timer)
      clearTimeout(settling)
      stop()
      stopAtSessionEnd()
      window.removeEventListener('online', onOnline)
      navigator.serviceWorker?.removeEventListener('message', onMessage)
    }
  }, [userId, onReplayed])
}
