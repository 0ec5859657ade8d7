import { PAGE_SIZE } from '@contract/pagination'
import { TestimonyFeedSchema } from '@contract/testimonies'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { testimonyFeedKey } from './testimony-cache'

// GET /api/v1/testimonies?cursor&limit=20 -> {items, nextCursor} (spec 001 §7, §9).
export function fetchTestimonyFeedPage(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE.testimonies) })
  if (cursor) params.set('cursor', cursor)
  return apiFetch(`/api/v1/testimonies?${params}`, { schema: TestimonyFeedSchema, signal })
}

export function testimonyFeedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: testimonyFeedKey,
    queryFn: ({ pageParam, signal }) => fetchTestimonyFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useTestimonyFeed() {
  return useInfiniteQuery(testimonyFeedQueryOptions())
}
