import { TestimonyReactorPageSchema } from '@contract/testimonies'
import { PAGE_SIZE } from '@contract/pagination'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/testimonies/{id}/reactors?type=amen&cursor -> {items, nextCursor} (spec 001 §7).
export function testimonyReactorsQueryOptions(testimonyId: string) {
  return infiniteQueryOptions({
    queryKey: ['testimonies', 'reactors', testimonyId],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ type: 'amen', limit: String(PAGE_SIZE.reactions) })
      if (pageParam) params.set('cursor', pageParam)
      return apiFetch(`/api/v1/testimonies/${testimonyId}/reactors?${params}`, {
        schema: TestimonyReactorPageSchema,
        signal,
      })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useTestimonyReactors(testimonyId: string) {
  return useInfiniteQuery(testimonyReactorsQueryOptions(testimonyId))
}
