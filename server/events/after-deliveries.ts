import { AsyncLocalStorage } from 'node:async_hooks'
import { deferredWork } from '../db/deferred-work'

// A subscriber's lane handles its deliveries in batches of up to 100 (dispatcher.ts). Some of
// what a handler sends matters only as its latest value: a prayer's counts, a member's unread
// count. A drained outbox brings a hundred writes on one prayer at once; sending each count once
// per batch, after the batch, spares a read and a hub message per write (issue 19), and every
// client still ends with the numbers as they are.
// Some of what handlers write is cheaper together (issue 45, ADR 0041): a hundred notifications
// in one transaction with one NotificationsRaised, where each was its own transaction and event.
// Such a write belongs to the deliveries that handed its items in: it runs before they are marked
// done. When it fails, each item is written again alone, so one bad item (a row whose prayer was
// deleted meanwhile) fails only its own delivery, retried and parked as if its handler had thrown.

type Send = () => Promise<void>
const laneSends = deferredWork<Send>()

interface Gathered {
  /** Each item with the delivery that handed it in. */
  items: { item: unknown; from: string }[]
  write: (items: readonly unknown[]) => Promise<void>
}
interface LaneBatch {
  gathered: Map<string, Gathered>
  /** The delivery whose handler runs now; null between them and after them. */
  delivery: string | null
}
const laneBatches = new AsyncLocalStorage<LaneBatch>()

/** Runs one delivery's handler, so that what it gathers is known to be that delivery's. */
export type AsDelivery = <T>(deliveryId: string, handle: () => Promise<T>) => Promise<T>

/** One write for the lot; failed, one each, each failure its own delivery's. */
async function writeGathered(
  { items, write }: Gathered,
  onWriteError: (deliveryId: string, error: unknown) => Promise<void>,
) {
  try {
    await write(items.map(({ item }) => item))
  } catch (error) {
    if (items.length === 1) return onWriteError(items[0]!.from, error)
    for (const { item, from } of items)
      await write([item]).catch((alone: unknown) => onWriteError(from, alone))
  }
}

/**
 * Runs a lane's batch of deliveries (`work`, each through `asDelivery`); then what they gathered
 * (`gatherAfterDeliveries`), each key's items in one write, a failed write reported with the
 * delivery whose item failed (`onWriteError`); then what they handed to `onceAfterDeliveries`,
 * each key once, in the order of its last call. A failure there is `onSendError`'s: the
 * deliveries themselves were handled.
 */
export async function handleDeliveries(options: {
  work: (asDelivery: AsDelivery) => Promise<void>
  onWriteError: (deliveryId: string, error: unknown) => Promise<void>
  onSendError: (key: string, error: unknown) => void
}): Promise<void> {
  const pending = new Map<string, Send>()
  const batch: LaneBatch = { gathered: new Map(), delivery: null }
  const asDelivery: AsDelivery = async (deliveryId, handle) => {
    batch.delivery = deliveryId
    try {
      return await handle()
    } finally {
      batch.delivery = null
    }
  }
  try {
    await laneSends.within(pending, () =>
      laneBatches.run(batch, async () => {
        try {
          await options.work(asDelivery)
        } finally {
          // Written even when the loop stopped early: the deliveries handled are marked done.
          for (const [key, gathered] of batch.gathered) {
            batch.gathered.delete(key)
            await writeGathered(gathered, options.onWriteError)
          }
        }
      }),
    )
  } finally {
    for (const [key, send] of pending)
      await send().catch((error: unknown) => options.onSendError(key, error))
  }
}

/** Runs `send` now or, while a lane's batch is handled, once after it, whatever the calls. */
export async function onceAfterDeliveries(key: string, send: Send): Promise<void> {
  if (!laneSends.defer(key, send)) await send()
}

/**
 * Hands `item` to the write `key` names, made once for the lane's batch after its handlers,
 * with every item handed in under that key, in order (`write` is the first call's). False
 * outside a delivery's handler: the caller writes it at once.
 */
export function gatherAfterDeliveries<T>(
  key: string,
  item: T,
  write: (items: readonly T[]) => Promise<void>,
): boolean {
  const batch = laneBatches.getStore()
  if (!batch?.delivery) return false
  const gathered = batch.gathered.get(key) ?? { items: [], write: write as Gathered['write'] }
  gathered.items.push({ item, from: batch.delivery })
  batch.gathered.set(key, gathered)
  return true
}
