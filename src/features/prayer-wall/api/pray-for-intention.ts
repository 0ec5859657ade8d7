import { plusOnePrayer } from '@contract/intentions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendOrQueue } from '@/lib/outbox/send-or-queue'
import { useOutboxUser } from '@/lib/outbox/use-outbox'
import { rollsBackSilently } from '@/lib/silent-rollback'
import { findIntention, patchIntention } from './intention-cache'
import { reactionCounts } from './react-to-intention'

/**
 * Spec 001 §4: on completion the counter rises and the card reads "I Prayed"; a failure rolls
 * back silently. Offline, the prayer waits in the outbox (DESIGN §6) and the card keeps it.
 */
export function usePrayForIntention() {
  const queryClient = useQueryClient()
  const userId = useOutboxUser()
  return useMutation({
    meta: rollsBackSilently,
    // Offline it must run, to queue in the outbox; TanStack would only hold it paused.
    networkMode: 'always',
    mutationFn: (intentionId: string) => sendOrQueue(userId, { kind: 'pray', intentionId }),
    onMutate: (intentionId) => {
      const before = findIntention(queryClient, intentionId)
      patchIntention(queryClient, intentionId, (item) =>
        item.has_prayed ? {} : { has_prayed: true, prayed_count: plusOnePrayer(item.prayed_count) },
      )
      return before ? { has_prayed: before.has_prayed, prayed_count: before.prayed_count } : null
    },
    onError: (_error, intentionId, previous) => {
      if (previous) patchIntention(queryClient, intentionId, () => previous)
    },
    onSuccess: (answer, intentionId) => {
      if (answer) patchIntention(queryClient, intentionId, () => reactionCounts(answer))
    },
  })
}
