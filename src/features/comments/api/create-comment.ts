import { CommentWriteResponseSchema } from '@contract/comments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { appendCachedComment } from './comments-cache'
import { commentsPath } from './get-comments'
import { withoutSupport } from './without-support'

// Spec 001 §7: POST …/comments {content}. The Idempotency-Key lets the server answer a
// repeated send once (DESIGN §4), as the offline outbox will.
export function createComment({ intentionId, content }: { intentionId: string; content: string }) {
  return apiFetch(commentsPath(intentionId), {
    method: 'POST',
    body: { content },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    schema: CommentWriteResponseSchema,
  })
}

export function useCreateComment(intentionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (content: string) => createComment({ intentionId, content }),
    onSuccess: (answer) => appendCachedComment(queryClient, intentionId, withoutSupport(answer)),
  })
}
