import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { whenScreenSettled } from '@/lib/first-screen-settled'

/**
 * Holds the session's hub connection while a signed-in page is on screen (the main layout
 * renders it for members). The wiring (and @microsoft/signalr, a fifth of a phone's first load)
 * is fetched once the first screen has settled (issue 18): the first card does not need it. On
 * connecting, the hub's catch-up reads the notifications again and starts watching the cards on
 * screen; a count that changed in the second before that shows at the feed's next read.
 */
export default function LiveUpdates(): null {
  const queryClient = useQueryClient()
  useEffect(() => {
    let release: (() => void) | undefined
    let unmounted = false
    const cancelWait = whenScreenSettled(queryClient, () => {
      import('./hub-wiring').then(
        ({ connectAppHub }) => {
          if (!unmounted) release = connectAppHub(queryClient)
        },
        // Spec 000 §8: real-time connection problems are only logged (here: the chunk failed).
        (error: unknown) => console.warn('[hub] could not load the live connection', error),
      )
    })
    return () => {
      unmounted = true
      cancelWait()
      release?.()
    }
  }, [queryClient])
  return null
}
