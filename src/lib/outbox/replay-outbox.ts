import { ErrorCode } from '@contract/errors'
import { ApiError } from '../api-client'
import type { OutboxEntry } from './outbox-entry'
import { markFailed, readQueue, reject, removeEntry } from './outbox-store'
import { withReplayLock } from './replay-lock'
import { sendWrite } from './send-write'

export const RETRY_BASE_MS = 2_000
export const RETRY_MAX_MS = 5 * 60_000

/** After n failed attempts, wait 2 s, 4 s, 8 s … up to 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS)
}

type Verdict =
  | { outcome: 'retry'; error: string }
  | { outcome: 'reject'; status: number; message: string }
  | { outcome: 'stop' }

// Spec 001 §8 and DESIGN §4: what the server's answer to a replay means for the entry.
function judge(error: unknown): Verdict {
  if (!(error instanceof ApiError))
    return { outcome: 'retry', error: 'The server could not be reached' }
  // The session ended: keep everything; the session guard signs the member out.
  if (error.status === 401) return { outcome: 'stop' }
  const later =
    error.status >= 500 ||
    error.status === 408 ||
    error.status === 429 ||
    error.code === ErrorCode.idempotencyInProgress
  if (later) return { outcome: 'retry', error: error.detail }
  // 422 content policy, 404 removed or out of reach, 423 closed, 409, 403 suspended …: the
  // server will say the same every time, so the member decides what to do with it.
  return { outcome: 'reject', status: error.status, message: error.detail }
}

export type ReplayOptions = {
  send?: (entry: OutboxEntry) => Promise<unknown>
  now?: () => number
  /** Back online: try the waiting entries now instead of at their backoff time. */
  ignoreBackoff?: boolean
  onSent?: (entry: OutboxEntry, answer: unknown) => void
}

export type ReplayResult = {
  sent: OutboxEntry[]
  rejected: OutboxEntry[]
  /** When the first entry still waiting may be tried again; null when the queue is empty. */
  retryAt: number | null
  /** The session ended during the replay; nothing more is sent until the next sign-in. */
  stopped: boolean
}

/**
 * Replays a user's outbox in the order it was written, under the replay lock. Each entry goes
 * out with its own Idempotency-Key, so an entry whose answer was lost (interrupted, the tab
 * closed, another tab raced) changes nothing a second time. A refusal is kept with the
 * server's message; a failure to reach the server stops the pass there, so later entries never
 * overtake an earlier one, and waits with a growing backoff. The pass resolves once every sent
 * entry has left the queue.
 */
export function replayOutbox(userId: string, options: ReplayOptions = {}): Promise<ReplayResult> {
  const {
    send = (entry) => sendWrite(entry.write, entry.key),
    now = Date.now,
    ignoreBackoff = false,
    onSent,
  } = options
  return withReplayLock(userId, async () => {
    const result: ReplayResult = { sent: [], rejected: [], retryAt: null, stopped: false }
    // The next write goes out while the last one's removal is still being written (IndexedDB
    // rewrites the whole queue for it). A removal lost to a closed tab only means that entry goes
    // again under its key, which changes nothing twice; the pass ends once all have landed.
    const sentHere = new Set<string>()
    const removals: Promise<void>[] = []
    const pass = async (): Promise<void> => {
      // Another tab's replay may have just emptied the queue, and its message saying so may
      // still be on the way: the first look is at IndexedDB, the next ones at what this pass left.
      let fresh = true
      for (;;) {
        const queue = await readQueue(userId, { fresh })
        fresh = false
        const entry = queue.find((item) => !sentHere.has(`${item.id}:${item.key}`))
        if (!entry) return
        if (!ignoreBackoff && entry.retryAt !== null && entry.retryAt > now()) {
          result.retryAt = entry.retryAt
          return
        }
        let answer: unknown
        try {
          answer = await send(entry)
        } catch (error) {
          const verdict = judge(error)
          if (verdict.outcome === 'stop') {
            result.stopped = true
            return
          }
          if (verdict.outcome === 'reject') {
            await reject(userId, entry, verdict.status, verdict.message, now())
            result.rejected.push(entry)
            continue
          }
          result.retryAt = now() + retryDelay(entry.attempts + 1)
          await markFailed(userId, entry, verdict.error, result.retryAt)
          return
        }
        sentHere.add(`${entry.id}:${entry.key}`)
        const removal = removeEntry(userId, entry)
        // Heard below, once the pass is over; an early failure is no unhandled rejection.
        removal.catch(() => undefined)
        removals.push(removal)
        result.sent.push(entry)
        onSent?.(entry, answer)
      }
    }
    const passed = await Promise.allSettled([pass()])
    const landed = await Promise.allSettled(removals)
    const failed = [...passed, ...landed].find((outcome) => outcome.status === 'rejected')
    if (failed) throw failed.reason
    return result
  })
}
