import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useSyncExternalStore } from 'react'

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
export function whenFirstScreenSettled(
  queryClient: QueryClient,
  onSettled: () => void,
): () => void {
  let quietTimer: ReturnType<typeof setTimeout> | undefined
  let lastActivity = Date.now()
  let done = false

  function finish() {
    if (done) return
    done = true
    cancel()
    onSettled()
  }

  // The query cache reports every observer's every change: hundreds of events while the first
  // cards render. Each only notes the time; one timer checks it (issue 47: restarting a timer
  // per event was ~450 timer calls inside React's renders, each traced with its stack by
  // Lighthouse, ~300 ms of its simulated blocking time).
  function noteActivity() {
    lastActivity = Date.now()
    quietTimer ??= setTimeout(checkQuiet, SETTLE_QUIET_MS)
  }

  function checkQuiet() {
    const quietFor = Date.now() - lastActivity
    if (quietFor < SETTLE_QUIET_MS) {
      quietTimer = setTimeout(checkQuiet, SETTLE_QUIET_MS - quietFor)
    } else if (queryClient.isFetching() > 0) {
      lastActivity = Date.now()
      quietTimer = setTimeout(checkQuiet, SETTLE_QUIET_MS)
    } else finish()
  }

  const unsubscribe = queryClient.getQueryCache().subscribe(noteActivity)
  const observer =
    typeof PerformanceObserver === 'undefined' ? null : new PerformanceObserver(noteActivity)
  observer?.observe({ type: 'resource' })
  const deadline = setTimeout(finish, SETTLE_MAX_WAIT_MS)
  noteActivity()

  function cancel() {
    done = true
    clearTimeout(quietTimer)
    clearTimeout(deadline)
    unsubscribe()
    observer?.disconnect()
  }
  return cancel
}

/** One wait per query client (one page load), shared by all that wait for it. */
const settledWatches = new WeakMap<QueryClient, { settled: boolean; listeners: Set<() => void> }>()

function settledWatch(queryClient: QueryClient) {
  let watch = settledWatches.get(queryClient)
  if (!watch) {
    const created = { settled: false, listeners: new Set<() => void>() }
    whenFirstScreenSettled(queryClient, () => {
      created.settled = true
      for (const listener of created.listeners) listener()
      created.listeners.clear()
    })
    settledWatches.set(queryClient, (watch = created))
  }
  return watch
}

/**
 * Calls `onSettled` once the screen on show has settled; returns the function that cancels the
 * wait. While the page load's own wait runs (the one AfterFirstScreen shares), this is that wait:
 * what each part then loads starts in the same task, where two waits of their own could end a
 * few milliseconds apart, and the second would end just after the first one's loads without
 * having heard of them. Once the page load's wait is over, a screen shown later (the wall after a
 * sign-in) gets a wait of its own.
 */
export function whenScreenSettled(queryClient: QueryClient, onSettled: () => void): () => void {
  const watch = settledWatch(queryClient)
  if (watch.settled) return whenFirstScreenSettled(queryClient, onSettled)
  watch.listeners.add(onSettled)
  return () => watch.listeners.delete(onSettled)
}

/**
 * Whether the page's first screen has settled (whenFirstScreenSettled), once per page load: a
 * part mounted later, after a navigation, finds it settled at once.
 */
export function useFirstScreenSettled(): boolean {
  const queryClient = useQueryClient()
  const subscribe = useCallback(
    (listener: () => void) => {
      const { listeners } = settledWatch(queryClient)
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    [queryClient],
  )
  return useSyncExternalStore(
    subscribe,
    () => settledWatches.get(queryClient)?.settled ?? false,
    () => false,
  )
}

/** Renders `children` once the first screen has settled: parts no first screen needs. */
export function AfterFirstScreen({ children }: { children: ReactNode }): ReactNode {
  return useFirstScreenSettled() ? children : null
}
