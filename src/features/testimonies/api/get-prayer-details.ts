import { IntentionSchema } from '@contract/intentions'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/intentions/{id} for the Prayer Details dialog (spec 001 §2).
export function prayerDetailsQueryOptions(intentionId: string) {
  return queryOptions({
    queryKey: ['testimonies', 'prayer-details', intentionId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/intentions/${intentionId}`, { schema: IntentionSchema, signal }),
  })
}

export function usePrayerDetails(intentionId: string) {
  return useQuery(prayerDetailsQueryOptions(intentionId))
}
