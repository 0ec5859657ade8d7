import type { AccountPatchBody } from '@contract/account'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { refreshProfiles } from './account-profile'

/** Issue 39: PATCH /api/v1/users/me { display_name }. */
export function useChangeDisplayName() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AccountPatchBody) => apiFetch('/api/v1/users/me', { method: 'PATCH', body }),
    onSuccess: () => refreshProfiles(queryClient),
  })
}
