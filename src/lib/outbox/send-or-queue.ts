import { NetworkError } from '../api-client'
import type { OutboxKind, WriteOf } from '@contract/outbox-entry'
import { enqueue, isQueued } from './outbox-store'
import { type AnswerOf, sendWrite } from './send-write'

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * Sends a write now, or queues it in the member's outbox (DESIGN §6) and answers null:
 * - offline, it never tries;
 * - something for the same target is still queued, so this one waits behind it (a toggle
 *   coalesces with it) instead of overtaking it;
 * - the request never got an answer: it is queued with the key it was sent with, so if it did
 *   reach the server, the replay changes nothing a second time.
 * The caller keeps its optimistic state on null; the server's refusals still throw. `key` is
 * the caller's own when it retries one request itself (the composer's Submit after a failure).
 */
export async function sendOrQueue<K extends OutboxKind>(
  userId: string | null,
  write: WriteOf<K>,
  key: string = crypto.randomUUID(),
): Promise<AnswerOf[K] | null> {
  if (!userId) return sendWrite(write, key)
  if (isOffline() || (await isQueued(userId, write).catch(() => false))) {
    await enqueue(userId, write, key)
    return null
  }
  try {
    return await sendWrite(write, key)
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error
    await enqueue(userId, write, key)
    return null
  }
}
