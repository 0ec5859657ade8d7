import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/**
 * Holds the session's hub connection while a signed-in page is on screen (the main layout
 * renders it for members). The wiring (and @microsoft/signalr) is fetched on demand so it never
 * weighs on the landing page.
 */
export default function LiveUpdates(): null {
  const queryClient = useQueryClient()
  useEffect(() => {
    let release: (() => void) | undefined
    let unmounted = false
    import('./hub-wiring').then(
      ({ connectAppHub }) => {
        if (!unmounted) release = connectAppHub(queryClient)
      },
      // Spec 000 §8: real-time connection problems are only logged (here: the chunk failed).
      (error: unknown) => console.warn('[hub] could not load the live connection', error),
    )
    return () => {
      unmounted = true
      release?.()
    }
  }, [queryClient])
  return null
}
