import { IntentionFeedResponseSchema } from '@contract/intentions'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Spec 001 §7: the form asks for 20 intentions; `mine` and `status=answered` narrow them to the
// viewer's answered prayers (contract IntentionFeedQuerySchema), and only those without a
// testimony can be linked (a prayer takes one testimony, docs/testimonies.md).
export function answeredPrayersQueryOptions() {
  return queryOptions({
    queryKey: ['testimonies', 'answered-prayers'],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({
        limit: '20',
        include_all_statuses: 'true',
        mine: 'true',
        status: 'answered',
      })
      const page = await apiFetch(`/api/v1/intentions?${params}`, {
        schema: IntentionFeedResponseSchema,
        signal,
      })
      return page.items
        .filter((item) => item.is_mine && item.status === 'answered' && !item.has_testimony)
        .map((item) => ({ intentionId: item.intention_id, title: item.title }))
    },
  })
}

export function useAnsweredPrayers() {
  return useQuery(answeredPrayersQueryOptions())
}
