import { useEffect, useRef, useState } from 'react'

/** How far (px) the finger must pull down from the top before letting go refreshes. */
export const PULL_THRESHOLD = 72

/**
 * Pull-to-refresh on touch screens (issue 17): at the top of the page, pulling down and letting
 * go past the threshold calls `onRefresh`. Returns how far the pull has gone, for the indicator.
 * Mouse and pen never trigger it; browsers' own overscroll reload is left to the installed app's
 * absence of one (standalone windows have none).
 */
export function usePullToRefresh(onRefresh: () => unknown): number {
  const [pulled, setPulled] = useState(0)
  const start = useRef<number | null>(null)
  const latest = useRef(onRefresh)
  useEffect(() => {
    latest.current = onRefresh
  }, [onRefresh])

  useEffect(() => {
    let distance = 0
    const onStart = (event: TouchEvent) => {
      start.current =
        window.scrollY <= 0 && event.touches.length === 1
          ? (event.touches[0]?.clientY ?? null)
          : null
    }
    const onMove = (event: TouchEvent) => {
      if (start.current === null) return
      distance = Math.max(0, (event.touches[0]?.clientY ?? start.current) - start.current)
      setPulled(Math.min(distance, PULL_THRESHOLD * 1.5))
    }
    const onEnd = () => {
      if (start.current !== null && distance >= PULL_THRESHOLD) void latest.current()
      start.current = null
      distance = 0
      setPulled(0)
    }
    window.addEventListener('touchstart', onStart, { passive: true })
    window.addEventListener('touchmove', onMove, { passive: true })
    window.addEventListener('touchend', onEnd)
    window.addEventListener('touchcancel', onEnd)
    return () => {
      window.removeEventListener('touchstart', onStart)
      window.removeEventListener('touchmove', onMove)
      window.removeEventListener('touchend', onEnd)
      window.removeEventListener('touchcancel', onEnd)
    }
  }, [])
  return pulled
}
