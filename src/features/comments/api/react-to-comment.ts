import type { Comment, CommentReactionKind } from '@contract/comments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendOrQueue } from '@/lib/outbox/send-or-queue'
import { useOutboxUser } from '@/lib/outbox/use-outbox'
import { rollsBackSilently } from '@/lib/silent-rollback'
import { findCachedComment, patchCachedComment } from './comments-cache'
import { commentsQueryOptions } from './get-comments'

export type CommentReactionInput = { commentId: string; kind: CommentReactionKind; active: boolean }

// Which fields of a comment one kind of reaction moves.
const fieldsOf = {
  like: { flag: 'liked', count: 'likes' },
  amen: { flag: 'amened', count: 'amens' },
} as const satisfies Record<CommentReactionKind, { flag: keyof Comment; count: keyof Comment }>

// Spec 001 §7: POST …/reactions {Reaction}. We send the desired end state (`active`) and an
// Idempotency-Key, so a repeated or replayed request cannot flip it back (DESIGN §6).
const writeOf = (intentionId: string, { commentId, kind, active }: CommentReactionInput) =>
  ({ kind: 'comment-reaction', intentionId, commentId, reaction: kind, active }) as const

/**
 * Spec 001 §4: like and amen change at once, then take the server's Added flag and counts.
 * Offline, the reaction waits in the outbox with its end state and the comment keeps it.
 */
export function useReactToComment(intentionId: string) {
  const queryClient = useQueryClient()
  const userId = useOutboxUser()
  const { queryKey } = commentsQueryOptions(intentionId)
  return useMutation({
    meta: rollsBackSilently,
    // Offline it must run, to queue in the outbox; TanStack would only hold it paused.
    networkMode: 'always',
    mutationFn: (input: CommentReactionInput) => sendOrQueue(userId, writeOf(intentionId, input)),
    onMutate: async ({ commentId, kind, active }) => {
      // A thread load still in flight would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey })
      const { flag, count } = fieldsOf[kind]
      const before = findCachedComment(queryClient, intentionId, commentId)
      if (!before || before[flag] === active) return { before: undefined }
      patchCachedComment(queryClient, intentionId, commentId, (comment) => ({
        [flag]: active,
        [count]: Math.max(0, comment[count] + (active ? 1 : -1)),
      }))
      return { before: { [flag]: before[flag], [count]: before[count] } }
    },
    // Spec 001 §4/§8: a failed reaction reverts silently.
    onError: (_error, { commentId }, context) => {
      const before = context?.before
      if (before) patchCachedComment(queryClient, intentionId, commentId, () => before)
    },
    onSuccess: (answer, { commentId, kind }) => {
      if (!answer) return
      patchCachedComment(queryClient, intentionId, commentId, () => ({
        [fieldsOf[kind].flag]: answer.Added,
        likes: answer.Like,
        amens: answer.Amen,
      }))
    },
  })
}
