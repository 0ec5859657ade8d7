import type { ResetPasswordBody } from '@contract/auth'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

// Spec 000 §4 "Reset password": the link's token is checked on page load; 204 means valid.
// A refusal means invalid; a network failure stays an error so the page can offer a retry
// instead of calling a good link expired.
export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: async ({ signal }) => {
      try {
        await apiFetch(`/auth/reset-password/validate?token=${encodeURIComponent(token)}`, {
          signal,
        })
        return { valid: true }
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500)
          return { valid: false }
        throw error
      }
    },
    staleTime: Infinity,
    retry: false,
    meta: handlesAuthErrors,
  })
}

// Spec 000 §7: 204 success, then POST /auth/logout (every session ends with the old password).
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: ResetPasswordBody) => {
      await apiFetch('/auth/reset-password', { method: 'POST', body })
      await apiFetch('/auth/logout', { method: 'POST' }).catch(() => undefined)
    },
    meta: handlesAuthErrors,
  })
}
