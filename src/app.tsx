import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import type { createAppRouter } from './router'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // 'offlineFirst': offline, a query still asks once, so the service worker can answer it
      // from the member's cache (DESIGN §6); only its retries wait for the network.
      queries: { staleTime: 30_000, networkMode: 'offlineFirst' },
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
