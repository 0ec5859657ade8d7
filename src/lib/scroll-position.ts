type PageLocation = { pathname: string; search: object }

/**
 * Issue 17: the router keeps scroll positions per page, not per history entry, so a member who
 * leaves a page for another tab of the bottom bar, a detail page or a dialog finds it where they
 * left it, whether they come back with Back or with a link. A page is its path and, on the wall,
 * its view (each feed keeps its own place). Passing states in the query (a ?highlight= ring, the
 * reactors dialog's ?reactions=) are the same page.
 */
export function scrollPositionKey({ pathname, search }: PageLocation): string {
  const path = pathname.replace(/\/+$/, '') || '/'
  const view = 'view' in search ? search.view : undefined
  return typeof view === 'string' ? `${path}?view=${view}` : path
}

/**
 * A ?highlight= link scrolls its item into view itself (useHighlight): the router neither
 * restores nor resets the position then, or the two would fight.
 */
export function restoresScroll({ location }: { location: PageLocation }): boolean {
  return !('highlight' in location.search) || location.search.highlight === undefined
}
