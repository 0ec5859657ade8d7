import { type Community, CommunitySchema, type UpdateCommunityBody } from '@contract/community'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/community and PUT /api/v1/admin/community (issue 38).
export function communityQueryOptions() {
  return queryOptions({
    queryKey: ['community'],
    queryFn: ({ signal }) => apiFetch('/api/v1/community', { schema: CommunitySchema, signal }),
  })
}

export function useCommunity() {
  return useQuery(communityQueryOptions())
}

export function useSaveCommunity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateCommunityBody) =>
      apiFetch('/api/v1/admin/community', { method: 'PUT', body, schema: CommunitySchema }),
    onSuccess: (community: Community) =>
      queryClient.setQueryData(communityQueryOptions().queryKey, community),
  })
}
