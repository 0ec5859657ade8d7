import { WALL_TIMINGS } from '@contract/intentions'
import { useEffect, useRef, useState } from 'react'

type FeedPaging = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => unknown
}

/**
 * Spec 001 §2 `highlight={id}`: load further pages until the item is found, scroll to it, ring it
 * for 3 s after a 0.1 s delay, then call onDone (which removes the parameter). An id that is not
 * in the feed at all is dropped once the last page is in. Returns the id being ringed.
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
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging
  // A fast answer can skip the render where isFetchingNextPage is true; the count still moves.
  const loadedCount = loadedIds.length

  useEffect(() => {
    if (highlight === undefined || found || !loaded || isFetchingNextPage) return
    if (hasNextPage && !isFetchNextPageError) void fetchNextPage()
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
