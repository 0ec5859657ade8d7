import {
  type OutboxEntry,
  OutboxEntrySchema,
  type OutboxWrite,
  type RejectedEntry,
  RejectedEntrySchema,
} from '@contract/outbox-entry'
import {
  OUTBOX_OBJECT_STORE,
  OUTBOX_QUEUE_KEY,
  OUTBOX_REJECTED_KEY,
  outboxChannelName,
  outboxDatabaseName,
  targetOf,
} from '@contract/outbox-store'
import { type UseStore, clear, createStore, get, update } from 'idb-keyval'
import type * as z from 'zod/mini'

// The outbox lives in an IndexedDB database of each user's own (DESIGN §6): another member on
// the device never replays or sees it, and signing out wipes it whole. Both lists are single
// values changed through idb-keyval's `update`, one read-write transaction each, so two tabs
// writing at once cannot lose an entry.
//
// A replay changes the queue once per write, so nothing here may cost the whole queue's parse
// per change: this tab keeps a mirror of each list it last read or wrote, and an item it already
// holds (by id) is not parsed again when a change reads the stored list back. Another tab's
// change drops the mirror.

const stores = new Map<string, UseStore>()

function storeOf(userId: string): UseStore {
  let store = stores.get(userId)
  if (!store) {
    store = createStore(outboxDatabaseName(userId), OUTBOX_OBJECT_STORE)
    stores.set(userId, store)
  }
  return store
}

type Mirror = { queue?: OutboxEntry[]; rejected?: RejectedEntry[] }
const mirrors = new Map<string, Mirror>()

function mirrorOf(userId: string): Mirror {
  let mirror = mirrors.get(userId)
  if (!mirror) {
    mirror = {}
    mirrors.set(userId, mirror)
  }
  return mirror
}

// An entry that no longer parses (an older shape) is dropped from the list, never the list.
// Items this tab already holds were parsed when first read, and only this module writes them.
function parseList<T extends { id: string }>(
  schema: z.ZodMiniType<T>,
  value: unknown,
  known: readonly T[] = [],
): T[] {
  if (!Array.isArray(value)) return []
  const held = new Set(known.map((item) => item.id))
  return value.flatMap((item: unknown) => {
    if (held.has((item as { id?: unknown } | null)?.id as string)) return [item as T]
    const parsed = schema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

const listeners = new Set<(userId: string) => void>()
const channels = new Map<string, BroadcastChannel>()

function channelOf(userId: string): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null
  let channel = channels.get(userId)
  if (!channel) {
    channel = new BroadcastChannel(outboxChannelName(userId))
    channel.onmessage = () => {
      mirrors.delete(userId)
      listeners.forEach((listener) => listener(userId))
    }
    channels.set(userId, channel)
  }
  return channel
}

function changed(userId: string): void {
  listeners.forEach((listener) => listener(userId))
  // Other tabs show the same pending marks and rejected replays.
  channelOf(userId)?.postMessage('changed')
}

/** Called after every change to a user's outbox, in this tab or another. */
export function subscribeOutbox(listener: (userId: string) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Start hearing other tabs' changes to this user's outbox. */
export function watchOutbox(userId: string): void {
  channelOf(userId)
}

/**
 * The queue in the order written. `fresh` reads it from IndexedDB even when this tab holds it:
 * a replay starts so, as another tab's replay may have just sent entries and its message that
 * says so may still be on the way.
 */
export async function readQueue(
  userId: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<OutboxEntry[]> {
  const mirror = mirrorOf(userId)
  if (!fresh && mirror.queue) return mirror.queue
  const queue = parseList(
    OutboxEntrySchema,
    await get(OUTBOX_QUEUE_KEY, storeOf(userId)),
    mirror.queue,
  )
  // A change that landed while this read was on its way is newer; it keeps the mirror.
  if (mirrors.get(userId) === mirror) mirror.queue = queue
  return queue
}

export async function readRejected(userId: string): Promise<RejectedEntry[]> {
  const mirror = mirrorOf(userId)
  if (mirror.rejected) return mirror.rejected
  const rejected = parseList(RejectedEntrySchema, await get(OUTBOX_REJECTED_KEY, storeOf(userId)))
  if (mirrors.get(userId) === mirror) mirror.rejected = rejected
  return rejected
}

async function updateQueue(
  userId: string,
  change: (queue: OutboxEntry[]) => OutboxEntry[],
): Promise<void> {
  let next: OutboxEntry[] = []
  await update(
    OUTBOX_QUEUE_KEY,
    (value) => (next = change(parseList(OutboxEntrySchema, value, mirrors.get(userId)?.queue))),
    storeOf(userId),
  )
  mirrors.set(userId, { ...mirrors.get(userId), queue: next })
  changed(userId)
}

async function updateRejected(
  userId: string,
  change: (rejected: RejectedEntry[]) => RejectedEntry[],
): Promise<void> {
  let next: RejectedEntry[] = []
  await update(
    OUTBOX_REJECTED_KEY,
    (value) =>
      (next = change(parseList(RejectedEntrySchema, value, mirrors.get(userId)?.rejected))),
    storeOf(userId),
  )
  mirrors.set(userId, { ...mirrors.get(userId), rejected: next })
  changed(userId)
}

/**
 * Queues a write with its Idempotency-Key. A toggle of a target already queued replaces that
 * entry's desired state (one entry, the final state) and takes the new key: the old key may
 * already be stored on the server with the old state, and reusing it for another body would
 * be refused. A second prayer for a prayer already queued adds nothing.
 */
export async function enqueue(
  userId: string,
  write: OutboxWrite,
  key: string,
  now = Date.now(),
): Promise<OutboxEntry> {
  const id = crypto.randomUUID()
  const fresh: OutboxEntry = {
    id,
    key,
    target: targetOf(write, id),
    write,
    createdAt: now,
    attempts: 0,
    lastError: null,
    retryAt: null,
  }
  let result = fresh
  await updateQueue(userId, (queue) => {
    const index = queue.findIndex((entry) => entry.target === fresh.target)
    const existing = queue[index]
    if (!existing) return [...queue, fresh]
    if (write.kind === 'pray') {
      result = existing
      return queue
    }
    result = { ...existing, key, write, attempts: 0, lastError: null, retryAt: null }
    return queue.map((entry, at) => (at === index ? result : entry))
  })
  return result
}

/** Whether anything for this target is still waiting: a new write then queues behind it. */
export async function isQueued(userId: string, write: OutboxWrite): Promise<boolean> {
  const target = targetOf(write, '')
  return (await readQueue(userId)).some((entry) => entry.target === target)
}

// Removal checks the key too: an entry coalesced while its replay was on the way now wants
// another state, and stays for the next pass.
const isSame = (a: OutboxEntry, b: OutboxEntry) => a.id === b.id && a.key === b.key

/** The entries a replay sent, in one rewrite of the queue however many they are. */
export async function removeEntries(userId: string, entries: OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return
  const sent = new Set(entries.map(({ id, key }) => `${id}:${key}`))
  await updateQueue(userId, (queue) => queue.filter(({ id, key }) => !sent.has(`${id}:${key}`)))
}

export async function markFailed(
  userId: string,
  entry: OutboxEntry,
  error: string,
  retryAt: number,
): Promise<void> {
  await updateQueue(userId, (queue) =>
    queue.map((item) =>
      isSame(item, entry)
        ? { ...item, attempts: item.attempts + 1, lastError: error, retryAt }
        : item,
    ),
  )
}

// Kept as rejected before it leaves the queue: interrupted between the two, the entry is
// replayed again, the server answers the stored refusal, and the list still holds it once.
export async function reject(
  userId: string,
  entry: OutboxEntry,
  status: number,
  message: string,
  now = Date.now(),
): Promise<void> {
  await updateRejected(userId, (rejected) => [
    ...rejected.filter((item) => item.id !== entry.id),
    { ...entry, rejectedAt: now, status, message },
  ])
  await updateQueue(userId, (queue) => queue.filter((item) => !isSame(item, entry)))
}

/** The member edited (the text went back to its form) or discarded a rejected replay. */
export async function dismissRejected(userId: string, entryId: string): Promise<void> {
  await updateRejected(userId, (rejected) => rejected.filter((item) => item.id !== entryId))
}

/** Wipes a user's queued and rejected writes: sign-out, a 401, another user on the device. */
export async function clearOutbox(userId: string): Promise<void> {
  await clear(storeOf(userId))
  mirrors.set(userId, { queue: [], rejected: [] })
  changed(userId)
}
