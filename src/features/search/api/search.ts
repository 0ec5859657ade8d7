import { SearchResponseSchema, type SearchScope } from '@contract/search'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/search (issue 43). Answers are kept in memory only: the terms stay off the disk's
// persisted queries (src/features/offline persists only the feeds it names).

export function fetchSearchPage(
  query: { q: string; scope: SearchScope },
  cursor: string | null,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ q: query.q, scope: query.scope })
  if (cursor) params.set('cursor', cursor)
  return apiFetch(`/api/v1/search?${params}`, { schema: SearchResponseSchema, signal })
}

export function searchQueryOptions(query: { q: string; scope: SearchScope }, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: ['search', query.scope, query.q] as const,
    queryFn: ({ pageParam, signal }) => fetchSearchPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    enabled: enabled && query.q.trim() !== '',
    // The last results stay on screen while the next keystroke's load.
    placeholderData: keepPreviousData,
    // Coming back from a result shows the same results, not a reload.
    staleTime: 5 * 60 * 1000,
    retry: false,
  })
}

export function useSearch(query: { q: string; scope: SearchScope }, enabled: boolean) {
  return useInfiniteQuery(searchQueryOptions(query, enabled))
}
