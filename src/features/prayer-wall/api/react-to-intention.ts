import type { IntentionReactionKind, IntentionReactionResponse } from '@contract/intentions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendOrQueue } from '@/lib/outbox/send-or-queue'
import { useOutboxUser } from '@/lib/outbox/use-outbox'
import { rollsBackSilently } from '@/lib/silent-rollback'
import { findIntention, patchIntention } from './intention-cache'

type ReactionInput = { intentionId: string; kind: IntentionReactionKind; active: boolean }

const writeOf = ({ intentionId, kind, active }: ReactionInput) =>
  ({ kind: 'intention-reaction', intentionId, reaction: kind, active }) as const

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

/**
 * Spec 001 §4: Amen and candle toggle at once, take the server's answer, revert silently.
 * Offline, the toggle waits in the outbox with its end state and the card keeps it.
 */
export function useReactToIntention() {
  const queryClient = useQueryClient()
  const userId = useOutboxUser()
  return useMutation({
    meta: rollsBackSilently,
    // Offline it must run, to queue in the outbox; TanStack would only hold it paused.
    networkMode: 'always',
    mutationFn: (input: ReactionInput) => sendOrQueue(userId, writeOf(input)),
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
      if (answer) patchIntention(queryClient, intentionId, () => reactionCounts(answer))
    },
  })
}
