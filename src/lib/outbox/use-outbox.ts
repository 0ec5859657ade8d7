import { useCallback, useSyncExternalStore } from 'react'
import { useMemberId } from '../session'
import type { OutboxEntry, RejectedEntry } from '@contract/outbox-entry'
import { readQueue, readRejected, subscribeOutbox, watchOutbox } from './outbox-store'
import { subjectOf } from './outbox-subject'

export type OutboxState = { queue: OutboxEntry[]; rejected: RejectedEntry[] }
const EMPTY: OutboxState = { queue: [], rejected: [] }

// One read of each member's outbox per change (from the store's mirror, so no IndexedDB read
// for this tab's own changes), shared by every pending mark on the page. The subjects with a
// write waiting are worked out once per change: each mark looks its own up, and re-renders only
// when its answer changes.
const snapshots = new Map<string, OutboxState>()
const pendingSubjects = new Map<string, Set<string>>()
const renders = new Set<() => void>()
const reads = new Map<string, number>()

function refresh(userId: string): void {
  const ticket = (reads.get(userId) ?? 0) + 1
  reads.set(userId, ticket)
  void Promise.all([readQueue(userId), readRejected(userId)])
    .then(([queue, rejected]) => {
      // Reads may land out of order; only the newest counts.
      if (reads.get(userId) !== ticket) return
      // Nothing changed (the first read of an empty outbox, on every cold start): no render. Each
      // mark and list would re-render at once, outside any transition (issue 47).
      const held = snapshots.get(userId)
      if (held && sameEntries(held.queue, queue) && sameEntries(held.rejected, rejected)) return
      snapshots.set(userId, { queue, rejected })
      pendingSubjects.set(userId, new Set(queue.flatMap(({ write }) => subjectOf(write) ?? [])))
      renders.forEach((render) => render())
    })
    .catch(() => undefined)
}

// Read back from IndexedDB (or the store's mirror), a list is new objects every time.
function sameEntries(held: readonly object[], read: readonly object[]): boolean {
  if (held.length !== read.length) return false
  return held.length === 0 || JSON.stringify(held) === JSON.stringify(read)
}

subscribeOutbox((userId) => {
  if (snapshots.has(userId)) refresh(userId)
})

/** The signed-in member's id, which names their outbox (offline too); null while signed out. */
export function useOutboxUser(): string | null {
  return useMemberId()
}

function useSubscribe(userId: string | null) {
  return useCallback(
    (render: () => void) => {
      renders.add(render)
      if (userId) {
        watchOutbox(userId)
        if (!snapshots.has(userId)) {
          snapshots.set(userId, EMPTY)
          refresh(userId)
        }
      }
      return () => renders.delete(render)
    },
    [userId],
  )
}

/** The member's queued and rejected writes, kept current across this tab and others. */
export function useOutbox(): OutboxState & { userId: string | null } {
  const userId = useOutboxUser()
  const subscribe = useSubscribe(userId)
  // Another member's list never shows: each snapshot belongs to one user id.
  const state = useSyncExternalStore(subscribe, () => (userId && snapshots.get(userId)) || EMPTY)
  return { ...state, userId }
}

/** Whether a write about this intention, comment or testimony is waiting to be sent. */
export function useIsPending(subject: string): boolean {
  const userId = useOutboxUser()
  const subscribe = useSubscribe(userId)
  return useSyncExternalStore(
    subscribe,
    () => (userId !== null && pendingSubjects.get(userId)?.has(subject)) || false,
  )
}
