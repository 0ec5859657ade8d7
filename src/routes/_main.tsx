import { createFileRoute, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { MainLayout } from '@/app/layout/main-layout'
import { EmailVerificationBanner } from '@/features/email-verification/components/email-verification-banner'
import { useSession } from '@/lib/session'
import { useSuspensionMessage } from '@/lib/suspension-message'

// The outbox (replays and refused writes), the live connection and the suspension notice are
// for signed-in members only (not while waiting for approval, issue 38: the server refuses a
// pending member's hub and sync, and approval mounts them); loaded on demand so the landing
// page does not carry them.
const Outbox = lazy(() => import('@/app/outbox-wiring'))
const LiveUpdates = lazy(() => import('@/app/live-updates'))
const SuspensionNotice = lazy(() => import('@/components/suspension-notice'))

function SignedInOutbox() {
  const { isAuthenticated, isPending } = useSession()
  const suspension = useSuspensionMessage()
  if (!isAuthenticated || isPending) return null
  return (
    <Suspense fallback={null}>
      <Outbox />
      <LiveUpdates />
      {suspension.message && (
        <SuspensionNotice message={suspension.message} onClose={suspension.dismiss} />
      )}
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
