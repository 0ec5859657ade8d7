import { ErrorCode } from '@contract/errors'
import { SYNC_MAX_ENTRIES } from '@contract/outbox'
import { ApiError } from '../api-client'
import { itemOf } from './outbox-item'
import type { OutboxEntry } from '@contract/outbox-entry'
import { markFailed, readQueue, reject, removeEntries } from './outbox-store'
import { withReplayLock } from './replay-lock'
import { type Outcome, sendBatch } from './send-batch'
import { sendWrite } from './send-write'

export const RETRY_BASE_MS = 2_000
export const RETRY_MAX_MS = 5 * 60_000

/** After n failed attempts, wait 2 s, 4 s, 8 s … up to 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS)
}

type Verdict =
  | { outcome: 'retry'; error: string }
  | { outcome: 'wait' }
  | { outcome: 'reject'; status: number; message: string }
  | { outcome: 'stop' }

// Spec 001 §8 and DESIGN §4: what the server's answer to a replay means for the entry.
function judge(error: unknown): Verdict {
  if (!(error instanceof ApiError))
    return { outcome: 'retry', error: 'The server could not be reached' }
  // The session ended: keep everything for the member's next sign-in (DESIGN §6).
  if (error.status === 401) return { outcome: 'stop' }
  // Not applied because an earlier write on its item failed: it goes after that one.
  if (error.code === ErrorCode.dependsOnFailed) return { outcome: 'wait' }
  // 5xx (503 while a server shuts down), 408, 429 and a key still in progress: later.
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
  /** One write as its single call (the fallback); default sendWrite. */
  send?: (entry: OutboxEntry) => Promise<unknown>
  /** Entries in order as one POST /api/v1/sync; null sends single calls only. */
  sendBatch?: ((entries: OutboxEntry[]) => Promise<Outcome[]>) | null
  now?: () => number
  /** Back online: try the waiting entries now instead of at their backoff time. */
  ignoreBackoff?: boolean
  /**
   * Aborted when the member's session ends in this tab: nothing more is sent, not even a batch
   * read before the end, since the browser's cookie may by then be another member's.
   */
  signal?: AbortSignal
}

export type ReplayResult = {
  sent: OutboxEntry[]
  rejected: OutboxEntry[]
  /** When the first entry still waiting may be tried again; null when the queue is empty. */
  retryAt: number | null
  /** The session ended during the replay; nothing more is sent until the member signs in. */
  stopped: boolean
}

/**
 * Replays a user's outbox in the order it was written, under the replay lock, in batches of up
 * to 100 through POST /api/v1/sync (single calls against a server without it). Each entry keeps
 * its own Idempotency-Key, so an entry whose answer was lost (a dropped connection, the tab
 * closed, another tab raced) changes nothing a second time. A refusal is kept with the server's
 * message; an entry that must wait (server busy, unreachable) holds back the later writes on
 * its prayer or testimony with a growing backoff, and the others go on. A failure of the whole
 * request holds everything back.
 */
export function replayOutbox(userId: string, options: ReplayOptions = {}): Promise<ReplayResult> {
  const {
    send = (entry) => sendWrite(entry.write, entry.key),
    sendBatch: batch = sendBatch,
    now = Date.now,
    ignoreBackoff = false,
    signal,
  } = options

  // A server without the batch call (an older version during a rollout): single calls for the
  // rest of this pass; the next pass asks again, the server may have been updated meanwhile.
  let batchesUnsupported = false

  async function sendGroup(group: OutboxEntry[]): Promise<Outcome[]> {
    if (batch && !batchesUnsupported) {
      try {
        return await batch(group)
      } catch (error) {
        // Busy, unreachable or signed out: the same for every entry. Any other refusal of the
        // whole batch (404: no such call; 413 …) is left to the single calls to explain.
        if (!(error instanceof ApiError) || judge(error).outcome !== 'reject') throw error
        if (error.status === 404 || error.status === 405) batchesUnsupported = true
      }
    }
    const [entry] = group
    try {
      return [{ ok: true, answer: await send(entry!) }]
    } catch (error) {
      if (error instanceof ApiError) return [{ ok: false, error }]
      throw error
    }
  }

  return withReplayLock(userId, async () => {
    const result: ReplayResult = { sent: [], rejected: [], retryAt: null, stopped: false }
    const waitUntil = (at: number) => {
      result.retryAt = result.retryAt === null ? at : Math.min(result.retryAt, at)
    }
    // Items with a write that must wait: nothing later on them is sent in this pass.
    const held = new Set<string>()
    // Another tab's replay may have just emptied the queue, and its message saying so may still
    // be on the way: the first look is at IndexedDB, the next ones at what this pass left.
    let fresh = true
    for (;;) {
      const queue = await readQueue(userId, { fresh })
      fresh = false
      const size = batch && !batchesUnsupported ? SYNC_MAX_ENTRIES : 1
      const group: OutboxEntry[] = []
      for (const entry of queue) {
        const item = itemOf(entry.write, entry.id)
        if (held.has(item)) continue
        if (!ignoreBackoff && entry.retryAt !== null && entry.retryAt > now()) {
          held.add(item)
          waitUntil(entry.retryAt)
          continue
        }
        group.push(entry)
        if (group.length === size) break
      }
      if (group.length === 0 || signal?.aborted) return result

      let outcomes: Outcome[]
      try {
        outcomes = await sendGroup(group)
      } catch (error) {
        // No answer for the whole request: the first entry waits, and everything with it.
        const verdict = judge(error)
        if (verdict.outcome === 'stop') return { ...result, stopped: true }
        const first = group[0]!
        waitUntil(now() + retryDelay(first.attempts + 1))
        const message = verdict.outcome === 'retry' ? verdict.error : String(error)
        await markFailed(userId, first, message, now() + retryDelay(first.attempts + 1))
        return result
      }

      const sent: OutboxEntry[] = []
      let progressed = false
      for (const [at, outcome] of outcomes.entries()) {
        const entry = group[at]!
        if (outcome.ok) {
          sent.push(entry)
          continue
        }
        const verdict = judge(outcome.error)
        if (verdict.outcome === 'stop') {
          await removeEntries(userId, sent)
          result.sent.push(...sent)
          return { ...result, stopped: true }
        }
        if (verdict.outcome === 'wait') continue
        progressed = true
        if (verdict.outcome === 'reject') {
          await reject(userId, entry, verdict.status, verdict.message, now())
          result.rejected.push(entry)
          continue
        }
        held.add(itemOf(entry.write, entry.id))
        const retryAt = now() + retryDelay(entry.attempts + 1)
        waitUntil(retryAt)
        await markFailed(userId, entry, verdict.error, retryAt)
      }
      await removeEntries(userId, sent)
      result.sent.push(...sent)
      // Only entries told to wait for nothing that failed: a server out of step; try later.
      if (sent.length === 0 && !progressed) {
        waitUntil(now() + RETRY_BASE_MS)
        return result
      }
    }
  })
}
