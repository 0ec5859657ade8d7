import type { Intention } from '@contract/intentions'
import { useQuery } from '@tanstack/react-query'
import { mutedIntentionsQueryOptions, useSetIntentionMuted } from '../api/muted-intentions'

/**
 * Issue 13 "Mute this request" for the wall's card menus: the menu says which way it goes, and
 * the choice is the member's on every device (the server stops their notifications about it).
 */
export function useMuteActions() {
  const { data: muted = [] } = useQuery(mutedIntentionsQueryOptions())
  const setMuted = useSetIntentionMuted()
  const isMuted = (intention: Intention) => muted.includes(intention.intention_id)
  return {
    isMuted,
    onToggleMute: (intention: Intention) =>
      setMuted.mutate({ intentionId: intention.intention_id, muted: !isMuted(intention) }),
  }
}
