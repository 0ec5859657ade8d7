import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendOrQueue } from '@/lib/outbox/send-or-queue'
import { useOutboxUser } from '@/lib/outbox/use-outbox'
import { appendCachedComment } from './comments-cache'
import { withoutSupport } from './without-support'

/**
 * Spec 001 §7: POST …/comments {content} with an Idempotency-Key, so the server answers a
 * repeated send once (DESIGN §4). Offline, the comment waits in the outbox and the answer is
 * null: the text has left the box for the outbox, which shows it as pending.
 */
export function useCreateComment(intentionId: string) {
  const queryClient = useQueryClient()
  const userId = useOutboxUser()
  return useMutation({
    // Offline it must run, to queue in the outbox; TanStack would only hold it paused.
    networkMode: 'always',
    mutationFn: (content: string) => sendOrQueue(userId, { kind: 'comment', intentionId, content }),
    onSuccess: (answer) => {
      if (answer) appendCachedComment(queryClient, intentionId, withoutSupport(answer))
    },
  })
}
