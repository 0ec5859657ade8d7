import {
  type CreatedInvite,
  CreatedInviteSchema,
  type CreateInviteBody,
  InviteListSchema,
  InviteSchema,
} from '@contract/invites'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET, POST /api/v1/admin/invites and DELETE /api/v1/admin/invites/{id} (issue 38).
export function invitesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'invites'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/admin/invites', { schema: InviteListSchema, signal }),
  })
}

export function useInvites() {
  return useQuery(invitesQueryOptions())
}

export function useCreateInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateInviteBody): Promise<CreatedInvite> =>
      apiFetch('/api/v1/admin/invites', { method: 'POST', body, schema: CreatedInviteSchema }),
    onSuccess: () => queryClient.invalidateQueries(invitesQueryOptions()),
  })
}

export function useRevokeInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (inviteId: string) =>
      apiFetch(`/api/v1/admin/invites/${encodeURIComponent(inviteId)}`, {
        method: 'DELETE',
        schema: InviteSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries(invitesQueryOptions()),
  })
}
