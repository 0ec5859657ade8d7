import { GroupSchema } from '@contract/groups'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { myGroupsQueryOptions } from './get-my-groups'

// POST /api/v1/groups/join (DESIGN §4): the invite code is the only key to a group.
export function joinGroup(code: string) {
  return apiFetch('/api/v1/groups/join', { method: 'POST', body: { code }, schema: GroupSchema })
}

export function useJoinGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myGroupsQueryOptions().queryKey }),
  })
}
