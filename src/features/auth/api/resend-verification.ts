import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

// Spec 000 §7 POST /auth/resend-verification {email}: a neutral answer whatever the address.
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/auth/resend-verification', { method: 'POST', body: { email } }),
    meta: handlesAuthErrors,
  })
}
