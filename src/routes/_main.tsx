import { createFileRoute, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { MainLayout } from '@/components/layout/main-layout'
import { EmailVerificationBanner } from '@/features/email-verification/components/email-verification-banner'
import { useSession } from '@/lib/session'

// The outbox (replays and refused writes) is for signed-in members only; loaded on demand so
// the landing page does not carry it.
const Outbox = lazy(() => import('./_main/-components/outbox'))

function SignedInOutbox() {
  const { isAuthenticated } = useSession()
  if (!isAuthenticated) return null
  return (
    <Suspense fallback={null}>
      <Outbox />
    </Suspense>
  )
}

// Pathless layout (spec 000 §2 "Main layout"): landing, wall, testimonies, onboarding, tools.
export const Route = createFileRoute('/_main')({
  component: () => (
    <MainLayout banner={<EmailVerificationBanner />}>
      <Outlet />
      <SignedInOutbox />
    </MainLayout>
  ),
})
