import { useLocation } from '@tanstack/react-router'
import { useProfile, useSession } from '@/lib/session'
import type { MessageId } from '@/i18n/i18n'

export const VERIFY_EMAIL_TO_ACT: MessageId = 'Verify your email to perform this action'

// Spec 000 §2: paths starting with /auth, /login or /onboarding are auth-flow pages.
export function isAuthFlowPath(pathname: string): boolean {
  return /^\/(auth|login|onboarding)(\/|$)/.test(pathname)
}

/**
 * Spec 000 §5 "Buttons" and §6: true when this page's submit actions wait for a verified email:
 * signed in, the profile says unverified, and the page is not part of the auth flow.
 */
export function useVerifiedEmailGate(): boolean {
  const { isAuthenticated } = useSession()
  const { profile } = useProfile()
  const pathname = useLocation({ select: (location) => location.pathname })
  return isAuthenticated && profile !== null && !profile.emailVerified && !isAuthFlowPath(pathname)
}
