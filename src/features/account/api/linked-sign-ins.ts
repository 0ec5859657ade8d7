import type { SocialProvider } from '@contract/auth'
import { LinkedIdentitiesSchema } from '@contract/social-sign-in'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { apiUrl } from '@/lib/api-url'
import { handlesAuthErrors } from '@/lib/session-guard'

const ACCOUNT_PATH = '/settings/account'

/** Issue 39: GET /api/v1/users/me/identities, the member's own linked sign-ins. */
export function linkedSignInsQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'identities'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/users/me/identities', { schema: LinkedIdentitiesSchema, signal }),
  })
}

/**
 * Linking is the provider's own sign-in: the browser goes to the start endpoint in link mode and
 * comes back to the account screen through the callback page.
 */
export function socialLinkStartUrl(provider: SocialProvider): string {
  const query = new URLSearchParams({ next: ACCOUNT_PATH, intent: 'link' })
  return apiUrl(`/auth/${provider}/start?${query.toString()}`)
}

export function useUnlinkSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (provider: SocialProvider) =>
      apiFetch(`/api/v1/users/me/identities/${provider}`, { method: 'DELETE' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: linkedSignInsQueryOptions().queryKey }),
    meta: handlesAuthErrors,
  })
}
