import { type RefObject, useEffect, useRef, useState } from 'react'

/** How far (px) the finger must pull down from the top before letting go refreshes. */
export const PULL_THRESHOLD = 72

/**
 * Pull-to-refresh on touch screens (issues 17 and 47): at the top of the page, or of `container`
 * when the list scrolls inside one (a panel, a drawer), pulling down and letting go past the
 * threshold calls `onRefresh`. Returns how far the pull has gone, for the indicator. Mouse and
 * pen never trigger it (touch events only); a pull that starts below the top is a scroll.
 * Browsers' own overscroll reload is left to the installed app's absence of one (standalone
 * windows have none).
 */
export function usePullToRefresh(
  onRefresh: () => unknown,
  container?: RefObject<HTMLElement | null>,
): number {
  const [pulled, setPulled] = useState(0)
  const start = useRef<number | null>(null)
  const distance = useRef(0)
  const latest = useRef(onRefresh)
  useEffect(() => {
    latest.current = onRefresh
  }, [onRefresh])

  useEffect(() => {
    const target: HTMLElement | Window = container?.current ?? window
    const atTop = () => (target === window ? window.scrollY : (target as HTMLElement).scrollTop) <= 0
    const onStart = (event: Event) => {
      const { touches } = event as TouchEvent
      start.current = atTop() && touches.length === 1 ? (touches[0]?.clientY ?? null) : null
    }
    const onMove = (event: Event) => {
      if (start.current === null) return
      const y = (event as TouchEvent).touches[0]?.clientY ?? start.current
      distance.current = Math.max(0, y - start.current)
      setPulled(Math.min(distance.current, PULL_THRESHOLD * 1.5))
    }
    const onEnd = () => {
      if (start.current !== null && distance.current >= PULL_THRESHOLD) void latest.current()
      start.current = null
      distance.current = 0
      setPulled(0)
    }
    target.addEventListener('touchstart', onStart, { passive: true })
    target.addEventListener('touchmove', onMove, { passive: true })
    target.addEventListener('touchend', onEnd)
    target.addEventListener('touchcancel', onEnd)
    return () => {
      target.removeEventListener('touchstart', onStart)
      target.removeEventListener('touchmove', onMove)
      target.removeEventListener('touchend', onEnd)
      target.removeEventListener('touchcancel', onEnd)
    }
  }, [container])
  return pulled
}
