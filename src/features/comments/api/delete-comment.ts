import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { MissingIdentifiersError } from '../comment-messages'
import { removeCachedComment } from './comments-cache'
import { commentsPath } from './get-comments'

// Spec 001 §7: DELETE …/comments/{commentId}. The author's delete and a moderator's removal are
// the same call; the server decides which it is (docs/wall.md "Delete").
export function deleteComment(intentionId: string, commentId: string) {
  if (!intentionId || !commentId) return Promise.reject(new MissingIdentifiersError())
  return apiFetch(`${commentsPath(intentionId)}/${encodeURIComponent(commentId)}`, {
    method: 'DELETE',
  })
}

export function useDeleteComment(intentionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(intentionId, commentId),
    onSuccess: (_answer, commentId) => removeCachedComment(queryClient, intentionId, commentId),
  })
}
