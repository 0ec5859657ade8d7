import { PAGE_SIZE } from '@contract/pagination'
import { type Testimony, type TestimonyFeed, TestimonyFeedSchema } from '@contract/testimonies'
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/testimonies?cursor&limit=20 -> {items, nextCursor} (spec 001 §7, §9).
export function fetchTestimonyFeedPage(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE.testimonies) })
  if (cursor) params.set('cursor', cursor)
  return apiFetch(`/api/v1/testimonies?${params}`, { schema: TestimonyFeedSchema, signal })
}

export const testimonyFeedKey = ['testimonies', 'feed'] as const

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

type FeedData = InfiniteData<TestimonyFeed, string | null>

export function patchTestimony(
  queryClient: QueryClient,
  testimonyId: string,
  patch: (testimony: Testimony) => Partial<Testimony>,
): void {
  queryClient.setQueryData<FeedData>(testimonyFeedKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.testimony_id === testimonyId ? { ...item, ...patch(item) } : item,
            ),
          })),
        }
      : data,
  )
}

export function findTestimony(queryClient: QueryClient, testimonyId: string) {
  return queryClient
    .getQueryData<FeedData>(testimonyFeedKey)
    ?.pages.flatMap((page) => page.items)
    .find((item) => item.testimony_id === testimonyId)
}
