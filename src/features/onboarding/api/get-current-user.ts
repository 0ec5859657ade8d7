import { ProfileSchema } from '@contract/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Spec 000 §7: GET /api/v1/users/me carries has_profile and the onboarding_profile prefill.
// Read fresh on arrival and never refetched underneath the form: the form keeps what is typed.
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['onboarding', 'current-user'],
    queryFn: ({ signal }) => apiFetch('/api/v1/users/me', { schema: ProfileSchema, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions())
}
