import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthLayout } from '@/components/layout/auth-layout'

// Pathless layout (spec 000 §2 "Authentication layout"). The signed-in redirect to the stored
// next target belongs to the accounts issue and must skip reset-password, verify-email,
// forgot-password, auth/password, auth/signup and auth/email.
export const Route = createFileRoute('/_auth')({
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
})
