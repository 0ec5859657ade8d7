import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthLayout } from '@/app/layout/auth-layout'
import { redirectSignedIn } from '@/lib/route-guards'

// Pathless layout (spec 000 §2 "Authentication layout"): a signed-in user is sent on to the
// stored next target, except on the pages route-guards.ts lists.
export const Route = createFileRoute('/_auth')({
  beforeLoad: redirectSignedIn,
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
})
