import { createFileRoute, Outlet } from '@tanstack/react-router'
import { MainLayout } from '@/components/layout/main-layout'

// Pathless layout (spec 000 §2 "Main layout"): landing, wall, testimonies, onboarding, tools.
export const Route = createFileRoute('/_main')({
  component: () => (
    <MainLayout>
      <Outlet />
    </MainLayout>
  ),
})
