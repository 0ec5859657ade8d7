import type { PasswordChangeBody } from '@contract/account'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'
import { accountSessionsQueryOptions } from './account-sessions'
import { refreshProfiles } from './account-profile'

/** Issue 39: POST /api/v1/users/me/password; every other device is signed out by it. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PasswordChangeBody) =>
      apiFetch('/api/v1/users/me/password', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        refreshProfiles(queryClient),
        queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
      ]),
    meta: handlesAuthErrors,
  })
}
