import type { ResendVerificationBody } from '@contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Spec 000 §7: POST /auth/resend-verification {email}; the answer is neutral, only success counts.
export function resendVerification(body: ResendVerificationBody) {
  return apiFetch('/auth/resend-verification', { method: 'POST', body })
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification })
}
