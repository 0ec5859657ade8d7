import { TESTIMONY_TIMINGS } from '@contract/testimonies'
import { useEffect, useRef, useState } from 'react'

type FeedPaging = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => unknown
}

export const testimonyElementId = (id: string) => `testimony-${id}`

/**
 * Spec 001 §2 `highlight={id}`: page until the card is loaded, scroll to it, ring it for 3 s
 * after a 0.5 s delay, then call onDone. An id not in the feed is dropped after the last page.
 */
export function useTestimonyHighlight({
  highlight,
  loadedIds,
  loaded,
  paging,
  onDone,
}: {
  highlight: string | undefined
  loadedIds: readonly string[]
  loaded: boolean
  paging: FeedPaging
  onDone: () => void
}): string | null {
  const [ringed, setRinged] = useState<string | null>(null)
  const done = useRef(onDone)
  useEffect(() => {
    done.current = onDone
  })
  const found = highlight !== undefined && loadedIds.includes(highlight)
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging
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
    const element = document.getElementById(testimonyElementId(highlight))
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    element?.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' })
    element?.focus({ preventScroll: true })
    const { highlightDelayMs, highlightMs } = TESTIMONY_TIMINGS
    const ringOn = window.setTimeout(() => setRinged(highlight), highlightDelayMs)
    const ringOff = window.setTimeout(() => {
      setRinged(null)
      done.current()
    }, highlightDelayMs + highlightMs)
    return () => {
      window.clearTimeout(ringOn)
      window.clearTimeout(ringOff)
    }
  }, [highlight, found])

  return ringed
}
