import { intentionFeedUrl, WALL_FEED_FILTERS } from '@contract/intention-feed-url'
import { IntentionFeedResponseSchema } from '@contract/intentions'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { WallView } from '../wall-views'

// Each tab is a filter of GET /api/v1/intentions (contract IntentionFeedQuerySchema). The wall
// lists every status (spec 001 §7 include_all_statuses=true) so a highlighted or just-answered
// prayer stays findable there; My Groups is the private groups the viewer belongs to; Answered
// is answered and released prayers together; Needs prayer is others' active requests nobody has
// prayed for yet, oldest first (issue 20).
const VIEW_FILTERS: Record<WallView, Readonly<Record<string, string>>> = {
  wall: WALL_FEED_FILTERS,
  needs: { needs_prayer: 'true' },
  groups: { include_all_statuses: 'true', destination: 'private_group' },
  answered: { closed: 'true' },
}

export function fetchIntentionFeedPage(
  view: WallView,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return apiFetch(intentionFeedUrl(VIEW_FILTERS[view], cursor), {
    schema: IntentionFeedResponseSchema,
    signal,
  })
}

/** Every feed tab's cache lives under this key: reactions patch them all at once. */
export const intentionFeedRootKey = ['intentions', 'feed'] as const

export function intentionFeedQueryOptions(view: WallView) {
  return infiniteQueryOptions({
    queryKey: [...intentionFeedRootKey, view],
    queryFn: ({ pageParam, signal }) => fetchIntentionFeedPage(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  })
}

export function useIntentionFeed(view: WallView) {
  return useInfiniteQuery(intentionFeedQueryOptions(view))
}
