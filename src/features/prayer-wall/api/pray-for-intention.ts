import { IntentionReactionResponseSchema } from '@contract/intentions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { findIntention, patchIntention } from './intention-cache'
import { reactionCounts } from './react-to-intention'

// POST /api/v1/intentions/{id}/pray: one prayer per member per day; a replay is harmless.
export function prayForIntention(intentionId: string) {
  return apiFetch(`/api/v1/intentions/${intentionId}/pray`, {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    schema: IntentionReactionResponseSchema,
  })
}

/** Spec 001 §4: on completion the counter rises and the card reads "I Prayed"; a failure rolls back silently. */
export function usePrayForIntention() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: prayForIntention,
    onMutate: (intentionId) => {
      const before = findIntention(queryClient, intentionId)
      patchIntention(queryClient, intentionId, (item) =>
        item.has_prayed ? {} : { has_prayed: true, prayed_count: item.prayed_count + 1 },
      )
      return before ? { has_prayed: before.has_prayed, prayed_count: before.prayed_count } : null
    },
    onError: (_error, intentionId, previous) => {
      if (previous) patchIntention(queryClient, intentionId, () => previous)
    },
    onSuccess: (answer, intentionId) => {
      patchIntention(queryClient, intentionId, () => reactionCounts(answer))
    },
  })
}
