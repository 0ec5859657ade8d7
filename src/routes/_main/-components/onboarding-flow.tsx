import type { Community } from '@contract/community'
import type { Profile } from '@contract/users'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { LanguageSection } from '@/features/account/components/language-section'
import { VerifyEmailDialog } from '@/features/email-verification/components/verify-email-dialog'
import { OnboardingPage } from '@/features/onboarding/components/onboarding-page'
import { PendingEmailDialog } from '@/features/onboarding/components/pending-email-dialog'
import { WelcomeDialog } from '@/features/onboarding/components/welcome-dialog'
import { communityPage } from '@/lib/community-page'
import { profileQueryOptions, refreshSession } from '@/lib/session'

// Spec 000 §4 "Onboarding": after a successful save a verification email is requested and a modal
// leads to /prayerwall. An already verified email has nothing to verify: straight to the wall.
// Issue 38: the community's welcome message, when it has one, comes first.
export function OnboardingFlow({ community = communityPage }: { community?: Community } = {}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)
  const [pendingEmail, setPendingEmail] = useState<Profile | null>(null)
  const [welcomed, setWelcomed] = useState<Profile | null>(null)
  const sessionRefreshed = useRef<Promise<unknown>>(Promise.resolve())

  const goToWall = async () => {
    // The wall's guard reads the session: it must already know the profile exists.
    await sessionRefreshed.current
    await navigate({ to: '/prayerwall' })
  }

  const next = (saved: Profile) => {
    // Issue 37: a verified email that changed waits for the new address's own link.
    if (saved.pending_email) setPendingEmail(saved)
    else if (saved.email_verified) void goToWall()
    else setVerifyEmail(saved.email)
  }

  const onSaved = (saved: Profile) => {
    sessionRefreshed.current = Promise.all([
      refreshSession(queryClient),
      queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
    ])
    if (community.welcome) setWelcomed(saved)
    else next(saved)
  }

  return (
    <>
      {/* Issue 42: the language is chosen here too, the account screen's own menu. */}
      <OnboardingPage onSaved={onSaved} LanguageChoice={LanguageSection} />
      {welcomed && community.welcome && (
        <WelcomeDialog
          communityName={community.name}
          message={community.welcome}
          onContinue={() => {
            setWelcomed(null)
            next(welcomed)
          }}
        />
      )}
      {verifyEmail && <VerifyEmailDialog email={verifyEmail} onContinue={() => void goToWall()} />}
      {pendingEmail?.pending_email && (
        <PendingEmailDialog
          pending={pendingEmail.pending_email}
          current={pendingEmail.email}
          onContinue={() => void goToWall()}
        />
      )}
    </>
  )
}
