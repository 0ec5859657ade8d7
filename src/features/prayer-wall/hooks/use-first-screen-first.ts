import { startTransition, useEffect, useState } from 'react'

/** Cards a phone's first screen shows, with room to spare. */
export const FIRST_SCREEN = 3

/**
 * How many of a list's items to render. When they arrive after the list mounted (a cold load,
 * nothing cached), the first screen's come first and the rest follow in a transition, which
 * React renders in slices the browser may interrupt: on a throttled phone the ten cards of a page
 * rendered at once were long tasks (issue 18: a quarter of the wall's blocking time). A list
 * that had its items when it mounted (the restored cache, coming back to the page: where the
 * router and the scroll anchors put the member back) renders whole, as does one told to (a
 * ?highlight= link scrolls to its card).
 */
export function useFirstScreenFirst(count: number, { whole }: { whole: boolean }): number {
  const [arrivedAfterMount] = useState(count === 0)
  const [restShown, setRestShown] = useState(false)
  const waiting = arrivedAfterMount && !restShown && count > FIRST_SCREEN
  useEffect(() => {
    if (waiting) startTransition(() => setRestShown(true))
  }, [waiting])
  return waiting && !whole ? FIRST_SCREEN : count
}
