import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { NetworkError } from '@/lib/api-client'
import { apiSource } from '../api-source'
import { useOnlineStatus } from './use-online-status'

export type OfflineStatus = 'offline' | 'saved' | null

const failedOnTheNetwork = (query: Query) =>
  query.state.error instanceof NetworkError ||
  query.state.fetchFailureReason instanceof NetworkError

/**
 * A screen shows saved content when a query on it still holds its last answer (persisted, or
 * from before) but could not reach the server for a new one.
 */
export function showsSavedAnswer(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.state.data !== undefined &&
        query.getObserversCount() > 0 &&
        failedOnTheNetwork(query),
    )
}

/** 'offline': no network; 'saved': online, but what is shown came from a cache; null: live. */
export function useOfflineStatus(): OfflineStatus {
  const online = useOnlineStatus()
  const queryClient = useQueryClient()
  const fromWorkerCache = useSyncExternalStore(
    apiSource.subscribe,
    () => apiSource.get() === 'cache',
    () => false,
  )
  const subscribeToQueries = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const fromQueryCache = useSyncExternalStore(
    subscribeToQueries,
    () => showsSavedAnswer(queryClient),
    () => false,
  )
  if (!online) return 'offline'
  return fromWorkerCache || fromQueryCache ? 'saved' : null
}
