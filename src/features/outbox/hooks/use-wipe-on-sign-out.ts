import { useEffect } from 'react'
import { onSessionEnd } from '@/lib/session'

/**
 * A deliberate sign-out deletes what the member saved on this device (ADR 0015), as
 * useOutboxReplay does once it runs: for the moment before the replay has loaded (it waits for
 * the first screen to settle). The wipe's code loads when a member signs out.
 */
export function useWipeOnSignOut(userId: string | null): void {
  useEffect(() => {
    if (!userId) return
    return onSessionEnd((reason) => {
      if (reason !== 'signed-out') return
      import('@/lib/outbox/outbox-owner')
        .then(({ forgetSavedWrites }) => forgetSavedWrites(userId))
        .catch((error: unknown) => console.warn('Outbox wipe failed', error))
    })
  }, [userId])
}
