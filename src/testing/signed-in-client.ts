import { QueryClient } from '@tanstack/react-query'
import { profileQueryOptions, sessionQueryOptions, type ViewerProfile } from '@/lib/session'

/** A query client that already knows who is signed in, so the outbox has its owner. */
export function signedInClient(userId: string): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(sessionQueryOptions().queryKey, {
    isAuthenticated: true,
    hasProfile: true,
    isPending: false,
  })
  const profile: ViewerProfile = {
    userId,
    displayName: 'Ann',
    firstName: 'Ann',
    lastName: 'Tester',
    email: 'ann@example.org',
    emailVerified: true,
    isModerator: false,
    isAdmin: false,
  }
  queryClient.setQueryData(profileQueryOptions().queryKey, profile)
  return queryClient
}
