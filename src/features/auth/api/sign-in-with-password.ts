import type { PasswordSignInBody } from '@contract/auth'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { handlesAuthErrors } from '@/lib/session-guard'

// Spec 000 §7 POST /auth/password: 204 is success and sets the session cookie. A 401 is a wrong
// password shown on the form, not a forced logout, hence the meta.
export function signInWithPassword(body: PasswordSignInBody): Promise<void> {
  return apiFetch('/auth/password', { method: 'POST', body })
}

export function useSignInWithPassword() {
  return useMutation({ mutationFn: signInWithPassword, meta: handlesAuthErrors })
}
