import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { parseSearch, stringifySearch } from './lib/search-serialization'
import { installSessionGuard } from './lib/session-guard'
import { routeTree } from './routeTree.gen'

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history,
    defaultPreload: 'intent',
    // Loaders read through the query cache (ensureQueryData), which owns freshness.
    defaultPreloadStaleTime: 0,
    // A `highlight` link is scrolled by its feed, to the card (use-highlight.ts,
    // use-testimony-highlight.ts). The router's reset to the top runs after that scroll started
    // (it follows the render that found the card), so it would leave the card off screen.
    scrollRestoration: ({ location }) => !new URLSearchParams(location.searchStr).has('highlight'),
    parseSearch,
    stringifySearch,
    // An unknown path always renders the root's not-found page, never inside a nested layout.
    notFoundMode: 'root',
  })
  // Spec 000 §4: forced logout on a 401 and onboarding on a 403, for every query and mutation.
  installSessionGuard(queryClient, router)
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
