import { type CreateGroupBody, GroupSchema } from '@contract/groups'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { myGroupsQueryOptions } from './get-my-groups'

// POST /api/v1/groups (DESIGN §4): the creator becomes the group's admin.
export function createGroup(body: CreateGroupBody) {
  return apiFetch('/api/v1/groups', { method: 'POST', body, schema: GroupSchema })
}

export function useCreateGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myGroupsQueryOptions().queryKey }),
  })
}
