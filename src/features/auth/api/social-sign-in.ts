import type { SocialProvider } from '@contract/auth'
import { type SocialCallbackResponse, SocialCallbackResponseSchema } from '@contract/social-sign-in'
import { apiFetch } from '@/lib/api-client'
import { apiUrl } from '@/lib/api-url'

// Spec 000 §4 "Social login": the browser itself goes to the provider's start endpoint, with a
// next parameter holding the current path and query (default /onboarding, §9), and the invite
// the sign-in page was opened with (issue 38), for a callback that creates an account.
export function socialStartUrl(
  provider: SocialProvider,
  next: string,
  invite?: string | null,
): string {
  const query = `next=${encodeURIComponent(next || '/onboarding')}`
  const invited = invite ? `&invite=${encodeURIComponent(invite)}` : ''
  return apiUrl(`/auth/${provider}/start?${query}${invited}`)
}

// Spec 000 §2/§7: the callback page relays the provider's query string to the server, which
// answers JSON to a fetch (docs/social-sign-in.md) and sets the session cookie.
export function relaySocialCallback(
  provider: SocialProvider,
  search: string,
): Promise<SocialCallbackResponse> {
  return apiFetch(`/auth/${provider}/callback${search}`, { schema: SocialCallbackResponseSchema })
}
