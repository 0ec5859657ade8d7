import { type CreateTestimonyInput, CreatedTestimonySchema } from '@contract/testimonies'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { testimonyFeedKey } from './testimony-cache'

// POST /api/v1/testimonies; the Idempotency-Key makes a retried submit share one story.
export function createTestimony(body: CreateTestimonyInput) {
  return apiFetch('/api/v1/testimonies', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    schema: CreatedTestimonySchema,
  })
}

export function useCreateTestimony() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTestimony,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonyFeedKey }),
  })
}
