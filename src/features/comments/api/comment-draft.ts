import { queryOptions } from '@tanstack/react-query'

// The unsent comment on each prayer, kept in the query cache: closing the card's Comments
// expander (which unmounts the form) and opening it again keeps what was typed, and signing
// out, which clears the cache (lib/session.ts), forgets it with the rest of that member's data.
export function commentDraftQueryOptions(intentionId: string) {
  return queryOptions({
    queryKey: ['comments', intentionId, 'draft'],
    queryFn: () => '',
    initialData: '',
    staleTime: Infinity,
    gcTime: Infinity,
  })
}
