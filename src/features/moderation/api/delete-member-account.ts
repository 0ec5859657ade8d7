import type { AdminDeleteAccountBody } from '@contract/account-deletion'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { adminUsersKey } from './admin-users'

/** Issue 40: DELETE /api/v1/admin/users/:userId {reason} (admins; audited by the server). */
export function useDeleteMemberAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, ...body }: AdminDeleteAccountBody & { userId: string }) =>
      apiFetch(`/api/v1/admin/users/${userId}`, { method: 'DELETE', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })
}
