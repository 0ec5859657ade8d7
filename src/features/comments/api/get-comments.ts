import { CommentPageSchema } from '@contract/comments'
import { PAGE_SIZE } from '@contract/pagination'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

export function commentsPath(intentionId: string): string {
  return `/api/v1/intentions/${encodeURIComponent(intentionId)}/comments`
}

// Spec 001 §7: GET …/comments?cursor&limit=10, oldest first (docs/wall.md "Comments").
export function getComments({
  intentionId,
  cursor,
  signal,
}: {
  intentionId: string
  cursor: string | null
  signal?: AbortSignal
}) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE.comments) })
  if (cursor) query.set('cursor', cursor)
  return apiFetch(`${commentsPath(intentionId)}?${query}`, { schema: CommentPageSchema, signal })
}

export function commentsQueryOptions(intentionId: string) {
  return infiniteQueryOptions({
    queryKey: ['comments', intentionId, 'thread'],
    queryFn: ({ pageParam, signal }) => getComments({ intentionId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  })
}

export function useComments(intentionId: string) {
  return useInfiniteQuery(commentsQueryOptions(intentionId))
}
