import { useEffect, useState } from 'react'

// Below this the page is at its top: the bar shows. A movement under TREMOR px is a finger's
// tremble, not a scroll.
const TOP = 56
const TREMOR = 8

/** Calls back each time a page has been shown and scrolled into place; returns an unsubscribe. */
export type OnPageShown = (listener: () => void) => () => void

/**
 * Issue 47: the phone's bottom bar steps aside while the member scrolls down, and comes back as
 * soon as they scroll up (or reach the top). A jump of more than half a screen in one event is the
 * app putting the page back where it was (a highlight), not the member's thumb: the bar stays as
 * it was. So is the scroll that shows a page (`onPageShown`: the router's restoration, at any
 * distance): the next position read is where the page starts, not a move.
 */
export function useHiddenOnScrollDown(onPageShown?: OnPageShown): boolean {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    // Read in the next frame, where the browser lays the page out anyway: read here, in the
    // effects after the shell's first commit, `scrollY` forced a layout of the whole page into
    // that task (issue 47, a cold load's long tasks).
    let last: number | null = null
    const frame = requestAnimationFrame(() => {
      last ??= window.scrollY
    })
    const onScroll = () => {
      const y = window.scrollY
      if (last === null) {
        last = y
        return
      }
      const moved = y - last
      if (Math.abs(moved) < TREMOR) return
      last = y
      if (y <= TOP) setHidden(false)
      else if (Math.abs(moved) <= window.innerHeight / 2) setHidden(moved > 0)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    const unsubscribe = onPageShown?.(() => {
      last = null
    })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      unsubscribe?.()
    }
  }, [onPageShown])
  return hidden
}
