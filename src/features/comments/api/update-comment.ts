import { CommentWriteResponseSchema } from '@contract/comments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { isConflict, MissingIdentifiersError } from '../comment-messages'
import { patchCachedComment } from './comments-cache'
import { commentsPath, commentsQueryOptions } from './get-comments'
import { withoutSupport } from './without-support'

export type UpdateCommentInput = { commentId: string; content: string; expectedUpdatedAt: string }

// Spec 001 §7: PATCH …/comments/{commentId} {content, expected_updated_at}; a stale time is 409.
export function updateComment(intentionId: string, input: UpdateCommentInput) {
  if (!intentionId || !input.commentId) return Promise.reject(new MissingIdentifiersError())
  return apiFetch(`${commentsPath(intentionId)}/${encodeURIComponent(input.commentId)}`, {
    method: 'PATCH',
    body: { content: input.content, expected_updated_at: input.expectedUpdatedAt },
    schema: CommentWriteResponseSchema,
  })
}

export function useUpdateComment(intentionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateCommentInput) => updateComment(intentionId, input),
    onSuccess: (answer) =>
      patchCachedComment(queryClient, intentionId, answer.comment_id, () => withoutSupport(answer)),
    // Spec 001 §4: a conflict reloads the latest comments.
    onError: (error) => {
      if (isConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: commentsQueryOptions(intentionId).queryKey })
      }
    },
  })
}
