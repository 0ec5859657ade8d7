import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { myGroupsQueryOptions } from './get-my-groups'

// DELETE /api/v1/groups/{id}/members/me.
export function leaveGroup(groupId: string) {
  return apiFetch(`/api/v1/groups/${groupId}/members/me`, { method: 'DELETE' })
}

export function useLeaveGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myGroupsQueryOptions().queryKey }),
  })
}
