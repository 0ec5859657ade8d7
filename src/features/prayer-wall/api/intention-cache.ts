import type { Intention, IntentionFeedResponse } from '@contract/intentions'
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { intentionFeedRootKey } from './get-intention-feed'

type FeedData = InfiniteData<IntentionFeedResponse, string | null>

// One intention may sit in several tabs' caches; every copy changes together.
export function patchIntention(
  queryClient: QueryClient,
  intentionId: string,
  patch: (intention: Intention) => Partial<Intention>,
): void {
  queryClient.setQueriesData<FeedData>({ queryKey: intentionFeedRootKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              item.intention_id === intentionId ? { ...item, ...patch(item) } : item,
            ),
          })),
        }
      : data,
  )
}

/** Issue 40: a request gone for good (IntentionRemoved) leaves every feed's copy at once. */
export function dropIntention(queryClient: QueryClient, intentionId: string): void {
  queryClient.setQueriesData<FeedData>({ queryKey: intentionFeedRootKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => item.intention_id !== intentionId),
          })),
        }
      : data,
  )
}

export function findIntention(
  queryClient: QueryClient,
  intentionId: string,
): Intention | undefined {
  for (const [, data] of queryClient.getQueriesData<FeedData>({ queryKey: intentionFeedRootKey })) {
    const found = data?.pages
      .flatMap((page) => page.items)
      .find((item) => item.intention_id === intentionId)
    if (found) return found
  }
  return undefined
}
