import {
  type IntentionReactionKind,
  IntentionReactionResponseSchema,
  type IntentionReactionResponse,
} from '@contract/intentions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { findIntention, patchIntention } from './intention-cache'

type ReactionInput = { intentionId: string; kind: IntentionReactionKind; active: boolean }

// POST /api/v1/intentions/{id}/reactions with the desired end state and an Idempotency-Key, so a
// replay (the offline outbox, issue 7) sets rather than flips (DESIGN §4, §6).
export function reactToIntention({ intentionId, kind, active }: ReactionInput) {
  return apiFetch(`/api/v1/intentions/${intentionId}/reactions`, {
    method: 'POST',
    body: { kind, active },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    schema: IntentionReactionResponseSchema,
  })
}

export function reactionCounts(answer: IntentionReactionResponse) {
  return {
    amen_count: answer.amen_count,
    candle_count: answer.candle_count,
    said_amen: answer.said_amen,
    lighted_candle: answer.lighted_candle,
    prayed_count: answer.prayed_count,
    has_prayed: answer.has_prayed,
  }
}

const FIELDS = {
  amen: { flag: 'said_amen', count: 'amen_count' },
  candle: { flag: 'lighted_candle', count: 'candle_count' },
} as const

/** Spec 001 §4: Amen and candle toggle at once, take the server's answer, revert silently. */
export function useReactToIntention() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reactToIntention,
    onMutate: ({ intentionId, kind, active }) => {
      const { flag, count } = FIELDS[kind]
      const before = findIntention(queryClient, intentionId)
      patchIntention(queryClient, intentionId, (item) =>
        item[flag] === active
          ? {}
          : { [flag]: active, [count]: Math.max(0, item[count] + (active ? 1 : -1)) },
      )
      return before ? { [flag]: before[flag], [count]: before[count] } : null
    },
    onError: (_error, { intentionId }, previous) => {
      if (previous) patchIntention(queryClient, intentionId, () => previous)
    },
    onSuccess: (answer, { intentionId }) => {
      patchIntention(queryClient, intentionId, () => reactionCounts(answer))
    },
  })
}
