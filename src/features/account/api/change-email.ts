import type { EmailChangeBody } from '@contract/account'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'
import { refreshProfiles } from './account-profile'

/** Issue 39: POST /api/v1/users/me/email; its 403s ask for the password, the form shows them. */
export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EmailChangeBody) =>
      apiFetch('/api/v1/users/me/email', { method: 'POST', body }),
    onSuccess: () => refreshProfiles(queryClient),
    meta: handlesAuthErrors,
  })
}
