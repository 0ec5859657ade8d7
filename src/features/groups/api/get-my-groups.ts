import { MyGroupsResponseSchema } from '@contract/groups'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Spec 001 §7 GET /api/v1/groups/mine: the member's private groups.
export function myGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['groups', 'mine'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/groups/mine', { schema: MyGroupsResponseSchema, signal }),
  })
}

export function useMyGroups() {
  return useQuery(myGroupsQueryOptions())
}
