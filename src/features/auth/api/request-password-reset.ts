import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

// Spec 000 §7 POST /auth/forgot-password: the answer is the same whether or not the account exists.
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/auth/forgot-password', { method: 'POST', body: { email } }),
    meta: handlesAuthErrors,
  })
}
