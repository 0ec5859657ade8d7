import { removeOldestQuery } from '@tanstack/react-query-persist-client'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import {
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { persistedQueriesKey, revocableStorage } from './query-storage'

// DESIGN §6: the member's feeds are persisted so the last one paints at once after a cold
// start, online or not. Loaded on demand: a visitor with nobody's data on the device never
// downloads it.

// Key prefixes of what a member browses (features name them in their queryOptions; features
// cannot import each other, and src/offline-persisted-queries.test.ts checks these against them).
// The session and profile are never persisted: who is signed in is the server's to say.
const PERSISTED_KEYS: readonly QueryKey[] = [
  ['intentions', 'feed'],
  ['comments'],
  ['testimonies', 'feed'],
  ['testimonies', 'prayer-details'],
  ['notifications'],
  ['groups', 'mine'],
  ['prayer-list'],
]

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.every((part, index) => key[index] === part)

// The comment box's unsent text (['comments', id, 'draft']) is form state, not content: the
// persister saves on a throttle, so a reload right after sending could bring back text already
// posted (seen in the outbox e2e).
const isFormDraft = (key: QueryKey) => key[key.length - 1] === 'draft'

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return (
    query.state.status === 'success' &&
    !isFormDraft(query.queryKey) &&
    PERSISTED_KEYS.some((prefix) => startsWith(query.queryKey, prefix))
  )
}

export const PERSISTED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

// A new build may change what a query holds: its answers are fetched afresh, never rehydrated.
const BUSTER = import.meta.env.VITE_BUILD_TIME ?? 'development'

const CACHE_CHANGES = new Set(['added', 'removed', 'updated'])

/**
 * Restores this member's persisted queries into the client and keeps persisting them.
 * Returns the function that stops persisting (nothing queued is written after it).
 *
 * The storage side is the sync storage persister (DESIGN §6); restoring and saving use the app's
 * own hydrate/dehydrate, because the persist-client helpers pin an older query-core than
 * @tanstack/react-query's and would hydrate through a second copy of it.
 */
export async function persistMemberQueries(
  queryClient: QueryClient,
  userId: string,
): Promise<() => void> {
  const { storage, revoke } = revocableStorage()
  const persister = createSyncStoragePersister({
    storage,
    key: persistedQueriesKey(userId),
    // Storage full: the oldest answer goes first.
    retry: removeOldestQuery,
  })
  try {
    const saved = await persister.restoreClient()
    const fresh =
      saved && saved.buster === BUSTER && Date.now() - saved.timestamp <= PERSISTED_MAX_AGE_MS
    if (fresh) {
      hydrate(queryClient, saved.clientState)
      // Painted at once, then read afresh: restored answers keep their old fetch time, and
      // within the staleTime a reload would otherwise show the feed as it was before it.
      void queryClient.invalidateQueries({ predicate: shouldPersistQuery })
    } else if (saved) await persister.removeClient()
  } catch {
    // Unreadable: dropped, and the app fetches afresh.
    await persister.removeClient()
  }
  const save = () =>
    void persister.persistClient({
      buster: BUSTER,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: shouldPersistQuery,
        // The outbox is the one queue of offline writes (DESIGN §6): mutations are never persisted.
        shouldDehydrateMutation: () => false,
      }),
    })
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (CACHE_CHANGES.has(event.type)) save()
  })
  // What was fetched before the member was known (their first feed) is saved at once.
  save()
  return () => {
    revoke()
    unsubscribe()
  }
}
