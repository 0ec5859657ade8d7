import { createFileRoute, Outlet } from '@tanstack/react-router'
import { MainLayout } from '@/components/layout/main-layout'
import { EmailVerificationBanner } from '@/features/email-verification/components/email-verification-banner'

// Pathless layout (spec 000 §2 "Main layout"): landing, wall, testimonies, onboarding, tools.
export const Route = createFileRoute('/_main')({
  component: () => (
    <MainLayout banner={<EmailVerificationBanner />}>
      <Outlet />
    </MainLayout>
  ),
})
