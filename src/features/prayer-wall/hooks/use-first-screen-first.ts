import { startTransition, useEffect, useState } from 'react'

/** Cards a phone's first screen shows, with room to spare. */
export const FIRST_SCREEN = 3

/**
 * How many of a list's items to render. When they arrive after the list mounted (a cold load,
 * nothing cached), the render that brings them keeps the placeholders (none), then the first
 * screen's items come in a transition and the rest in another: React renders transitions in
 * slices the browser may interrupt, where the items' own render was a long task on a throttled
 * phone (issue 18: the cards were a quarter of the wall's blocking time). A list that had its
 * items when it mounted (the restored cache, coming back to the page: where the router and the
 * scroll anchors put the member back) renders whole, as does one told to (a ?highlight= link
 * scrolls to its card).
 */
export function useFirstScreenFirst(count: number, { whole }: { whole: boolean }): number {
  const [arrivedAfterMount] = useState(count === 0)
  // 0: none yet, 1: the first screen, 2: all.
  const [stage, setStage] = useState(0)
  const holding =
    arrivedAfterMount && count > 0 && (stage === 0 || (stage === 1 && count > FIRST_SCREEN))
  // The stages advance even while the whole list shows, so that a list no longer told to (its
  // highlight done) never goes back to fewer items: that would remount the cards and lose what
  // they hold, an open comment thread.
  useEffect(() => {
    if (holding) startTransition(() => setStage((current) => current + 1))
  }, [holding, stage])
  if (!holding || whole) return count
  return stage === 0 ? 0 : FIRST_SCREEN
}
