import { MODERATION_PAGE_SIZE, QueuePageSchema, type QUEUE_STATUSES } from '@contract/moderation'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

export type QueueStatus = (typeof QUEUE_STATUSES)[number]

// GET /api/v1/moderation/queue?status&cursor&limit=20: urgent first, then most reported, then
// most recently reported (the server orders; the client keeps its order).
export function fetchQueuePage(status: QueueStatus, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ status, limit: String(MODERATION_PAGE_SIZE) })
  if (cursor) params.set('cursor', cursor)
  return apiFetch(`/api/v1/moderation/queue?${params}`, { schema: QueuePageSchema, signal })
}

/** Prefix of both lists: an action on an item moves it from one to the other. */
export const moderationQueueKey = ['moderation', 'queue'] as const

export function moderationQueueQueryOptions(status: QueueStatus) {
  return infiniteQueryOptions({
    queryKey: [...moderationQueueKey, status],
    queryFn: ({ pageParam, signal }) => fetchQueuePage(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useModerationQueue(status: QueueStatus) {
  return useInfiniteQuery(moderationQueueQueryOptions(status))
}
