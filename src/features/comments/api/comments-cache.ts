import type { Comment } from '@contract/comments'
import type { QueryClient } from '@tanstack/react-query'
import { commentsQueryOptions } from './get-comments'

// The thread's pages in the query cache, changed in place after a write so the list does not
// reload (and lose its scroll) for every post, edit, delete or reaction.

export function findCachedComment(
  queryClient: QueryClient,
  intentionId: string,
  commentId: string,
): Comment | undefined {
  const data = queryClient.getQueryData(commentsQueryOptions(intentionId).queryKey)
  for (const page of data?.pages ?? []) {
    const found = page.items.find((comment) => comment.comment_id === commentId)
    if (found) return found
  }
  return undefined
}

export function patchCachedComment(
  queryClient: QueryClient,
  intentionId: string,
  commentId: string,
  patch: (comment: Comment) => Partial<Comment>,
): void {
  queryClient.setQueryData(
    commentsQueryOptions(intentionId).queryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((comment) =>
            comment.comment_id === commentId ? { ...comment, ...patch(comment) } : comment,
          ),
        })),
      },
  )
}

export function removeCachedComment(
  queryClient: QueryClient,
  intentionId: string,
  commentId: string,
): void {
  queryClient.setQueryData(
    commentsQueryOptions(intentionId).queryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((comment) => comment.comment_id !== commentId),
        })),
      },
  )
}

// The thread reads oldest first, so a new comment belongs at the end: shown at once when the
// last page is loaded, otherwise it arrives with "Load more" like any later comment.
export function appendCachedComment(
  queryClient: QueryClient,
  intentionId: string,
  comment: Comment,
): void {
  queryClient.setQueryData(commentsQueryOptions(intentionId).queryKey, (data) => {
    const last = data?.pages.at(-1)
    if (!data || !last || last.next_cursor !== null) return data
    return {
      ...data,
      pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
    }
  })
}
