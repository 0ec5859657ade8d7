import { TestimonyReactionResponseSchema } from '@contract/testimonies'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { findTestimony, patchTestimony } from './get-testimony-feed'

type AmenInput = { testimonyId: string; active: boolean }

// `active` sets the end state and the Idempotency-Key makes a replay harmless (DESIGN §4, §6).
export function sayAmenToTestimony({ testimonyId, active }: AmenInput) {
  return apiFetch(`/api/v1/testimonies/${testimonyId}/reactions`, {
    method: 'POST',
    body: { Reaction: 'amen', active },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    schema: TestimonyReactionResponseSchema,
  })
}

/** Spec 001 §4: toggles at once, then takes Added and Counts.Amen; reverts on failure. */
export function useSayAmenToTestimony() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sayAmenToTestimony,
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
      patchTestimony(queryClient, testimonyId, () => ({
        said_amen: answer.Added,
        amen_count: answer.Counts.Amen,
      }))
    },
  })
}
