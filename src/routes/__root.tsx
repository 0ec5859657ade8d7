import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { MainLayout } from '@/app/layout/main-layout'
import { NotFoundPage } from '@/components/not-found-page'
import { AfterFirstScreen } from '@/lib/first-screen-settled'

// Loaded once the first screen has settled: the prompt (Snackbar, workbox-window) is not needed
// to show a page, and registering the service worker can wait a moment (issue 18: the landing's
// budget, then the wall's first card on a phone).
const UpdatePrompt = lazy(() =>
  import('@/features/pwa/components/update-prompt').then(({ UpdatePrompt }) => ({
    default: UpdatePrompt,
  })),
)

// Same reason: the offline note matters once the app is in use, not for the landing's first paint.
const OfflineIndicator = lazy(() =>
  import('@/features/offline/components/offline-indicator').then(({ OfflineIndicator }) => ({
    default: OfflineIndicator,
  })),
)

export type RouterContext = { queryClient: QueryClient }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => (
    <MainLayout>
      <NotFoundPage />
    </MainLayout>
  ),
})

function RootLayout() {
  return (
    <>
      <Outlet />
      {/* Once for the whole app, above every layout (it also registers the service worker). */}
      <Suspense fallback={null}>
        <AfterFirstScreen>
          <UpdatePrompt />
        </AfterFirstScreen>
        <OfflineIndicator />
      </Suspense>
    </>
  )
}
