import { GroupMembersResponseSchema } from '@contract/groups'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/groups/{id}/members: members only; anyone else gets 404.
export function groupMembersQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: ['groups', groupId, 'members'],
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/groups/${groupId}/members`, { schema: GroupMembersResponseSchema, signal }),
  })
}

export function useGroupMembers(groupId: string) {
  return useQuery(groupMembersQueryOptions(groupId))
}
