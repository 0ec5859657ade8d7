import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/**
 * Holds the session's hub connection while a signed-in header is on screen. The hub client (and
 * @microsoft/signalr) is fetched on demand so it never weighs on the landing page.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let release: (() => void) | undefined
    let unmounted = false
    import('@/lib/hub-client').then(
      ({ connectHub }) => {
        if (!unmounted) release = connectHub(queryClient)
      },
      // Spec 000 §8: real-time connection problems are only logged (here: the chunk failed).
      (error: unknown) => console.warn('[hub] could not load the live connection', error),
    )
    return () => {
      unmounted = true
      release?.()
    }
  }, [queryClient])
}
