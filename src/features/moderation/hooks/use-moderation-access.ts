import { useQuery } from '@tanstack/react-query'
import { profileQueryOptions, useSession } from '@/lib/session'

export type ModerationAccess = 'checking' | 'unavailable' | 'denied' | 'moderator' | 'admin'

/**
 * Who may open the moderation screens, from the profile's signals (spec 000 §3). The server
 * checks every call anyway; this only decides what to show.
 */
export function useModerationAccess(): { access: ModerationAccess; retry: () => void } {
  const { isAuthenticated } = useSession()
  const query = useQuery({ ...profileQueryOptions(), enabled: isAuthenticated })
  const retry = () => void query.refetch()
  const profile = query.data
  if (profile?.isAdmin) return { access: 'admin', retry }
  if (profile?.isModerator) return { access: 'moderator', retry }
  // The tab's cached copy may predate a new grant: wait for the server before saying no.
  if (query.isPending || query.isFetching) return { access: 'checking', retry }
  return { access: profile ? 'denied' : 'unavailable', retry }
}
