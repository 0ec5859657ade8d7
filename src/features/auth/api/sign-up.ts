import type { SignUpBody } from '@contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

// Spec 000 §7 POST /auth/signup: 202 is success (a verification link is on its way); a 400
// carries a title code the form turns into its message (§8).
export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => apiFetch('/auth/signup', { method: 'POST', body }),
    meta: handlesAuthErrors,
  })
}
