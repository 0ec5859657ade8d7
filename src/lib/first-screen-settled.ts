import type { QueryClient } from '@tanstack/react-query'

/** How long the page must be quiet (no query fetching, no file or call finishing) to count as settled. */
export const SETTLE_QUIET_MS = 1000
/** A page that never quiets down (a slow link, a busy screen) is taken as settled after this. */
export const SETTLE_MAX_WAIT_MS = 8000

/**
 * Calls `onSettled` once the first screen has settled: no query is fetching and nothing has
 * finished loading (scripts, styles, API calls: the page's resource timing) for SETTLE_QUIET_MS,
 * or SETTLE_MAX_WAIT_MS after the call at the latest. Work that no first screen needs (the live
 * connection, issue 18) waits for it so that it does not compete with the first card for a
 * phone's link and CPU. Returns a function that cancels the wait.
 */
export function whenFirstScreenSettled(queryClient: QueryClient, onSettled: () => void): () => void {
  let quietTimer: ReturnType<typeof setTimeout> | undefined
  let done = false

  function finish() {
    if (done) return
    done = true
    cancel()
    onSettled()
  }

  function restartQuietTimer() {
    clearTimeout(quietTimer)
    quietTimer = setTimeout(() => {
      if (queryClient.isFetching() > 0) restartQuietTimer()
      else finish()
    }, SETTLE_QUIET_MS)
  }

  const unsubscribe = queryClient.getQueryCache().subscribe(restartQuietTimer)
  const observer =
    typeof PerformanceObserver === 'undefined' ? null : new PerformanceObserver(restartQuietTimer)
  observer?.observe({ type: 'resource' })
  const deadline = setTimeout(finish, SETTLE_MAX_WAIT_MS)
  restartQuietTimer()

  function cancel() {
    done = true
    clearTimeout(quietTimer)
    clearTimeout(deadline)
    unsubscribe()
    observer?.disconnect()
  }
  return cancel
}
