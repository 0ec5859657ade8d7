import type { SecondFactorBody } from '@contract/two-step'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

// Issue 39 POST /auth/second-factor: finishes a sign-in whose password step answered
// second_factor_needed; 204 sets the signed-in session's cookie. Its refusals are the form's.
export function useSendSecondFactor() {
  return useMutation({
    mutationFn: (body: SecondFactorBody) =>
      apiFetch('/auth/second-factor', { method: 'POST', body }),
    meta: handlesAuthErrors,
  })
}
