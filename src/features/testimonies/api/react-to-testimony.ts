import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sendOrQueue } from '@/lib/outbox/send-or-queue'
import { useOutboxUser } from '@/lib/outbox/use-outbox'
import { rollsBackSilently } from '@/lib/silent-rollback'
import { findTestimony, patchTestimony } from './testimony-cache'

type AmenInput = { testimonyId: string; active: boolean }

// `active` sets the end state and the Idempotency-Key makes a replay harmless (DESIGN §4, §6).
const writeOf = ({ testimonyId, active }: AmenInput) =>
  ({ kind: 'testimony-amen', testimonyId, active }) as const

/**
 * Spec 001 §4: toggles at once, then takes Added and Counts.Amen; reverts on failure.
 * Offline, the Amen waits in the outbox with its end state and the card keeps it.
 */
export function useSayAmenToTestimony() {
  const queryClient = useQueryClient()
  const userId = useOutboxUser()
  return useMutation({
    meta: rollsBackSilently,
    // Offline it must run, to queue in the outbox; TanStack would only hold it paused.
    networkMode: 'always',
    mutationFn: (input: AmenInput) => sendOrQueue(userId, writeOf(input)),
    onMutate: ({ testimonyId, active }) => {
      const before = findTestimony(queryClient, testimonyId)
      patchTestimony(queryClient, testimonyId, (item) =>
        item.said_amen === active
          ? {}
          : { said_amen: active, amen_count: Math.max(0, item.amen_count + (active ? 1 : -1)) },
      )
      return before ? { said_amen: before.said_amen, amen_count: before.amen_count } : null
    },
    onError: (_error, { testimonyId }, previous) => {
      if (previous) patchTestimony(queryClient, testimonyId, () => previous)
    },
    onSuccess: (answer, { testimonyId }) => {
      if (!answer) return
      patchTestimony(queryClient, testimonyId, () => ({
        said_amen: answer.Added,
        amen_count: answer.Counts.Amen,
      }))
    },
  })
}
