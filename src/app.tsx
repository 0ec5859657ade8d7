import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import type { createAppRouter } from './router'

export function createQueryClient() {
  // TanStack Query (v5) takes the network to be there until the window hears `offline`, which a
  // page opened with no network never does: its failed queries then retried through a network
  // the browser knew was gone, 'fetching' for ~7 s (backoff 1 + 2 + 4 s), so the first screen
  // settled only at SETTLE_MAX_WAIT_MS and the outbox's replay waited with it; and the `online`
  // that ended it changed nothing, so nothing was refetched. Its view starts as the browser's
  // (false is no network at all, src/lib/network.ts); the events keep it so.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false)
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // 'offlineFirst': offline, a query still asks once, so the service worker can answer it
        // from the member's cache (DESIGN §6). What it cannot answer fails at once, shown as a
        // failure (not an endless skeleton: a retry would only wait for the network); the
        // network's return refetches it (refetchOnReconnect). Online, 3 retries as by default.
        networkMode: 'offlineFirst',
        retry: (failures) => failures < 3 && onlineManager.isOnline(),
      },
    },
  })
}

type AppProps = { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }

// The one app tree: the browser renders it and the build pre-renders `/` with it
// (src/prerender-landing.tsx), so hydration finds exactly the markup it expects. No MUI
// ThemeProvider: MUI's default theme is ours (scripts/mui-default-theme.mjs) and index.html
// carries the theme's CSS variables and baseline (scripts/theme-stylesheet.mjs), so the first
// screen, drawn without MUI (ADR 0025), needs none of its runtime.
export function App({ router, queryClient }: AppProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  )
}
