import { deferredWork } from '../db/deferred-work'

// A subscriber's lane handles its deliveries in batches of up to 100 (dispatcher.ts). Some of
// what a handler sends matters only as its latest value: a prayer's counts, a member's unread
// count. A drained outbox brings a hundred writes on one prayer at once; sending each count once
// per batch, after the batch, spares a read and a hub message per write (issue 19), and every
// client still ends with the numbers as they are.

type Send = () => Promise<void>
const laneSends = deferredWork<Send>()

/**
 * Runs a lane's batch of deliveries (`work`), then what they handed to `onceAfterDeliveries`,
 * each key once, in the order of its last call. A failure there is `onError`'s: the deliveries
 * themselves were handled.
 */
export async function handleDeliveries(
  work: () => Promise<void>,
  onError: (key: string, error: unknown) => void,
): Promise<void> {
  const pending = new Map<string, Send>()
  try {
    await laneSends.within(pending, work)
  } finally {
    for (const [key, send] of pending) await send().catch((error: unknown) => onError(key, error))
  }
}

/** Runs `send` now or, while a lane's batch is handled, once after it, whatever the calls. */
export async function onceAfterDeliveries(key: string, send: Send): Promise<void> {
  if (!laneSends.defer(key, send)) await send()
}
