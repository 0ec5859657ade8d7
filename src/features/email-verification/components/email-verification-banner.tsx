import { useLocation } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useProfile, useSession } from '@/lib/session'

// Most visitors never see the banner: its MUI parts load only when it shows (landing budget).
const UnverifiedEmailBanner = lazy(() =>
  import('./unverified-email-banner').then(({ UnverifiedEmailBanner }) => ({
    default: UnverifiedEmailBanner,
  })),
)

const PendingEmailBanner = lazy(() =>
  import('./pending-email-banner').then(({ PendingEmailBanner }) => ({
    default: PendingEmailBanner,
  })),
)

// Spec 000 §2: shown to signed-in users whose email is unverified, hidden on onboarding paths
// (onboarding ends with its own "Verify your email" step). Issue 37: a verified member whose
// new address waits for its link is told which address is in force until then.
export function EmailVerificationBanner() {
  const { isAuthenticated } = useSession()
  const { profile } = useProfile()
  const onOnboarding = useLocation({
    select: (location) => /^\/onboarding(\/|$)/.test(location.pathname),
  })
  if (!isAuthenticated || !profile?.email || onOnboarding) return null
  if (profile.emailVerified) {
    if (!profile.pendingEmail) return null
    return (
      <Suspense fallback={null}>
        <PendingEmailBanner pending={profile.pendingEmail} current={profile.email} />
      </Suspense>
    )
  }
  return (
    <Suspense fallback={null}>
      {/* Keyed by address: a changed email starts again from idle. */}
      <UnverifiedEmailBanner key={profile.email} email={profile.email} />
    </Suspense>
  )
}
