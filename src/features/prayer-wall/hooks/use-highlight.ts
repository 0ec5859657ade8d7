import { WALL_TIMINGS } from '@contract/intentions'
import { useEffect, useRef, useState } from 'react'

type FeedPaging = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => unknown
  /** The loaded pages are being fetched again (not a next page). */
  isRefetching: boolean
  /** When the loaded pages last came from the server. */
  dataUpdatedAt: number
  refetch: () => unknown
}

/**
 * Spec 001 §2 `highlight={id}`: load further pages until the item is found, scroll to it, ring it
 * for 3 s after a 0.1 s delay, then call onDone (which removes the parameter). An id that is not
 * in the feed at all is dropped once the last page is in. Cached pages older than the link may
 * predate its item (a prayer just posted, a link from a notification), so they are fetched again
 * once before any further page. Returns the id being ringed.
 */
export function useHighlight({
  highlight,
  loadedIds,
  loaded,
  paging,
  elementId,
  onDone,
}: {
  highlight: string | undefined
  loadedIds: readonly string[]
  loaded: boolean
  paging: FeedPaging
  elementId: (id: string) => string
  onDone: () => void
}): string | null {
  const [ringed, setRinged] = useState<string | null>(null)
  const done = useRef(onDone)
  useEffect(() => {
    done.current = onDone
  })
  const found = highlight !== undefined && loadedIds.includes(highlight)
  const {
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    isRefetching,
    dataUpdatedAt,
    refetch,
  } = paging
  // A fast answer can skip the render where isFetchingNextPage is true; the count still moves.
  const loadedCount = loadedIds.length
  // When the current highlight arrived, and whether its one refetch has been spent.
  const arrivedAt = useRef(0)
  const refetchedFor = useRef<string | undefined>(undefined)
  useEffect(() => {
    arrivedAt.current = Date.now()
  }, [highlight])

  useEffect(() => {
    if (highlight === undefined || found || !loaded || isFetchingNextPage || isRefetching) return
    // Cached pages first fetched again (once), then further pages: a prayer just posted is on
    // the fresh first page, and paging the whole stale wall for it would never find it.
    if (refetchedFor.current !== highlight && dataUpdatedAt < arrivedAt.current) {
      refetchedFor.current = highlight
      void refetch()
    } else if (hasNextPage && !isFetchNextPageError) void fetchNextPage()
    else done.current()
  }, [
    highlight,
    found,
    loaded,
    loadedCount,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    isRefetching,
    dataUpdatedAt,
    refetch,
  ])

  useEffect(() => {
    if (highlight === undefined || !found) return
    const element = document.getElementById(elementId(highlight))
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    element?.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' })
    // Keyboard and screen-reader users land on the card too.
    element?.focus({ preventScroll: true })
    const ringOn = window.setTimeout(() => setRinged(highlight), WALL_TIMINGS.highlightDelayMs)
    const ringOff = window.setTimeout(() => {
      setRinged(null)
      done.current()
    }, WALL_TIMINGS.highlightDelayMs + WALL_TIMINGS.highlightMs)
    return () => {
      window.clearTimeout(ringOn)
      window.clearTimeout(ringOff)
    }
  }, [highlight, found, elementId])

  return ringed
}
