import { TAG_LIMITS, TagListResponseSchema } from '@contract/tags'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Spec 001 §7: GET /api/v1/tags?limit=10 (popular) or ?search={text}&limit=8.
export function tagSuggestionsQueryOptions(search: string) {
  const params = search
    ? new URLSearchParams({ search, limit: String(TAG_LIMITS.searchSuggestions) })
    : new URLSearchParams({ limit: String(TAG_LIMITS.popularSuggestions) })
  return queryOptions({
    queryKey: ['prayer-requests', 'tag-suggestions', search],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/tags?${params}`, { schema: TagListResponseSchema, signal }),
    staleTime: 60_000,
  })
}

/** `search` is already debounced and normalised by the caller. */
export function useTagSuggestions(search: string) {
  return useQuery({ ...tagSuggestionsQueryOptions(search), placeholderData: keepPreviousData })
}
