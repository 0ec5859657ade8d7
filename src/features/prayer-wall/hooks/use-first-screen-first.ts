import { startTransition, useEffect, useState } from 'react'

/** Cards a phone's first screen shows, with room to spare; the rest come this many at a time. */
export const FIRST_SCREEN = 3

// Every item is shown: later pages add to the list at once.
const ALL = Number.POSITIVE_INFINITY

/**
 * How many of a list's items to render. When they arrive after the list mounted (a cold load,
 * nothing cached), the render that brings them keeps the placeholders (none), then the items
 * come a screen at a time, each screen in a transition of its own: React renders transitions in
 * slices the browser may interrupt, but commits each at once, and the rest of the page in one
 * commit was a long task on a throttled phone (issues 18 and 47). A list that had its items when
 * it mounted (the restored cache, coming back to the page: where the router and the scroll
 * anchors put the member back) renders whole, as does one told to (a ?highlight= link scrolls to
 * its card).
 */
export function useFirstScreenFirst(count: number, { whole }: { whole: boolean }): number {
  const [arrivedAfterMount] = useState(count === 0)
  // How many screens are shown: 0 none yet, ALL every item.
  const [stage, setStage] = useState(0)
  const holding = arrivedAfterMount && count > 0 && stage !== ALL
  // The stages advance even while the whole list shows, so that a list no longer told to (its
  // highlight done) never goes back to fewer items: that would remount the cards and lose what
  // they hold, an open comment thread.
  useEffect(() => {
    if (!holding) return
    startTransition(() =>
      setStage((current) => ((current + 1) * FIRST_SCREEN >= count ? ALL : current + 1)),
    )
  }, [holding, stage, count])
  if (!holding || whole) return count
  return Math.min(count, stage * FIRST_SCREEN)
}
