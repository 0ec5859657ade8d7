import type { SocialProvider } from '@contract/auth'
import { type SocialCallbackResponse, SocialCallbackResponseSchema } from '@contract/social-sign-in'
import { apiFetch } from '@/lib/api-client'
import { apiUrl } from '@/lib/api-url'

// Spec 000 §4 "Social login": the browser itself goes to the provider's start endpoint, with a
// next parameter holding the current path and query (default /onboarding, §9).
export function socialStartUrl(provider: SocialProvider, next: string): string {
  return apiUrl(`/auth/${provider}/start?next=${encodeURIComponent(next || '/onboarding')}`)
}

// Spec 000 §2/§7: the callback page relays the provider's query string to the server, which
// answers JSON to a fetch (docs/social-sign-in.md) and sets the session cookie.
export function relaySocialCallback(
  provider: SocialProvider,
  search: string,
): Promise<SocialCallbackResponse> {
  return apiFetch(`/auth/${provider}/callback${search}`, { schema: SocialCallbackResponseSchema })
}
