import { PendingSocialLinkSchema } from '@contract/social-sign-in'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// docs/social-sign-in.md "Confirming a link": the provider identity waiting in this browser for
// the signed-in member, and their answer. A 404 (nothing waits, or it expired) is the page's to
// explain; a 401 is the usual forced logout.
export function pendingSocialLinkQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'social-link'],
    queryFn: ({ signal }) =>
      apiFetch('/auth/social/link', { signal, schema: PendingSocialLinkSchema }),
    // What waits changes only through this page, and each visit must ask afresh: a link answered
    // or expired since is gone. A retry would not find a link that is gone either.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  })
}

export function useConfirmSocialLink() {
  return useMutation({
    mutationFn: () => apiFetch('/auth/social/link', { method: 'POST' }),
  })
}

export function useDeclineSocialLink() {
  return useMutation({
    mutationFn: () => apiFetch('/auth/social/link', { method: 'DELETE' }),
  })
}
