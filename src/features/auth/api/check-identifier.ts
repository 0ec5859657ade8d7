import { type IdentifierResponse, IdentifierResponseSchema } from '@contract/auth'
import { apiFetch } from '@/lib/api-client'

// Spec 000 §7 POST /auth/identifier: which sign-in an address has (providers, hasLocal, next).
export function checkIdentifier(email: string, signal?: AbortSignal): Promise<IdentifierResponse> {
  return apiFetch('/auth/identifier', {
    method: 'POST',
    body: { email },
    signal,
    schema: IdentifierResponseSchema,
  })
}
