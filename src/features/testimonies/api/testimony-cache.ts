import type { Testimony, TestimonyFeed } from '@contract/testimonies'
import type { InfiniteData, QueryClient } from '@tanstack/react-query'

// The feed's key and its cached items, apart from the feed's fetch and schema: the outbox's
// pending overlay patches them on every first screen, which need not load the testimonies'
// contract (issue 18).
export const testimonyFeedKey = ['testimonies', 'feed'] as const

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
