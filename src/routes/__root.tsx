import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { MainLayout } from '@/components/layout/main-layout'
import { NotFoundPage } from '@/components/not-found-page'
import { UpdatePrompt } from '@/features/pwa/components/update-prompt'

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
      <UpdatePrompt />
    </>
  )
}
