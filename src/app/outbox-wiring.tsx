import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { useWipeOnSignOut } from '@/features/outbox/hooks/use-wipe-on-sign-out'
import { useFirstScreenSettled } from '@/lib/first-screen-settled'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { applyPendingWrites } from './pending-overlay'

// Replaying queued writes (and the notice of refused ones) waits for the first screen to settle,
// as the live connection does (ADR 0027): it sends and refreshes, which no first card needs, and
// its code would otherwise load before the wall's first card (issue 18).
const OutboxReplayWiring = lazy(() => import('./outbox-replay-wiring'))

/**
 * The outbox wired to the features it serves (DESIGN §6): the writes still waiting show at once
 * on whatever loads; their replay starts once the first screen has settled.
 */
export default function Outbox() {
  const queryClient = useQueryClient()
  const { userId, queue } = useOutbox()
  const settled = useFirstScreenSettled()

  // Whatever loads while writes wait (a reload, a feed read from the worker's cache) shows them.
  useEffect(() => {
    applyPendingWrites(queryClient, queue)
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success')
        applyPendingWrites(queryClient, queue)
    })
  }, [queryClient, queue])

  // Until the replay is there (it wipes on a deliberate sign-out from then on), this does.
  const untilReplay = <WipeOnSignOut userId={userId} />
  return settled ? (
    <Suspense fallback={untilReplay}>
      <OutboxReplayWiring />
    </Suspense>
  ) : (
    untilReplay
  )
}

function WipeOnSignOut({ userId }: { userId: string | null }) {
  useWipeOnSignOut(userId)
  return null
}
