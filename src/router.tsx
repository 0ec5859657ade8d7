import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { loadRestOfCatalogue } from './i18n/i18n'
import { whenScreenSettled } from './lib/first-screen-settled'
import { installScrollAnchors } from './lib/scroll-anchor'
import { restoresScroll, scrollPositionKey } from './lib/scroll-position'
import { parseSearch, stringifySearch } from './lib/search-serialization'
import { installSessionGuard } from './lib/session-guard'
import { routeTree } from './routeTree.gen'

// Issue 42: the entry starts the device's language from this stage, whose chunks hold the
// translations anyway (the shell's). Imported by the entry itself, the other languages'
// catalogues would be preloaded with every page (server/plugins/first-page-preload.ts).
export { startLanguage } from './i18n/i18n'

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient
  history?: RouterHistory
}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history,
    defaultPreload: 'intent',
    // Loaders read through the query cache (ensureQueryData), which owns freshness.
    defaultPreloadStaleTime: 0,
    // Issue 17: a page comes back where the member left it (lib/scroll-position.ts).
    scrollRestoration: restoresScroll,
    getScrollRestorationKey: scrollPositionKey,
    // A page change lands at once, as a native app's does. Left to the page's smooth scrolling
    // (html, for in-page anchors), the jump was animated: a slow phone still showed the old
    // height mid-way, and the new page's cards arriving then stopped it there (anchored by
    // the browser), so another tab opened part-way down.
    scrollRestorationBehavior: 'instant',
    parseSearch,
    stringifySearch,
    // An unknown path always renders the root's not-found page, never inside a nested layout.
    notFoundMode: 'root',
  })
  // Spec 000 §4: forced logout on a 401 and onboarding on a 403, for every query and mutation.
  installSessionGuard(queryClient, router)
  installScrollAnchors(router, scrollPositionKey, restoresScroll)
  // Issue 42 (ADR 0038): a cold start on the wall awaited only its own messages; the other
  // screens' follow once it has settled, or at once when the member goes elsewhere first.
  whenScreenSettled(queryClient, loadRestOfCatalogue)
  router.subscribe('onBeforeNavigate', ({ fromLocation }) => {
    if (fromLocation) loadRestOfCatalogue()
  })
  return router
}

/**
 * Fetches the code of the page the app opens on now, beside the restore of the device's data and
 * the session check, instead of after them: a member's page is guarded (`requireMember` waits for
 * the session) and the router asks for its chunks only once the guard has passed, one round trip
 * later on a cold load (issue 18). A chunk that fails here is fetched again when the page loads.
 */
export function fetchFirstPageCode(router: ReturnType<typeof createAppRouter>): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname)
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => undefined)
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
