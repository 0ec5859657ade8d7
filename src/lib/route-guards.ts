import type { QueryClient } from '@tanstack/react-query'
import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { ensureSession } from './session'
import { readReturnPath, writeReturnPath } from './session-storage'

// The `beforeLoad` rules of spec 000 §2 and §4, shared by the route files that need them.
type GuardArgs = { context: { queryClient: QueryClient }; location: ParsedLocation }

/**
 * Protected pages (spec 000 §2, §6): a visitor goes to /login carrying the wanted path as next;
 * a member whose onboarding is unfinished goes to /onboarding (DESIGN §4: the server answers
 * 403 to everything else until then).
 */
export async function requireMember({ context, location }: GuardArgs): Promise<void> {
  const session = await ensureSession(context.queryClient)
  if (!session.isAuthenticated) throw redirect({ to: '/login', search: { next: location.href } })
  if (session.hasProfile === false) throw redirect({ to: '/onboarding' })
  // Issue 38: the server refuses a member waiting for approval everything but their profile.
  if (session.isPending) throw redirect({ to: '/waiting' })
}

/** Issue 38: the waiting page is for a member who finished onboarding and waits for approval. */
export async function waitingGuard({ context }: GuardArgs): Promise<void> {
  const session = await ensureSession(context.queryClient)
  if (!session.isAuthenticated) throw redirect({ to: '/login', search: { next: '/waiting' } })
  if (session.hasProfile === false) throw redirect({ to: '/onboarding' })
  if (!session.isPending) throw redirect({ to: '/prayerwall' })
}

/** Spec 000 §4 "Onboarding": visitors sign in first, members with a profile go to the wall. */
export async function onboardingGuard({ context }: GuardArgs): Promise<void> {
  const session = await ensureSession(context.queryClient)
  if (!session.isAuthenticated) throw redirect({ to: '/login', search: { next: '/onboarding' } })
  if (session.hasProfile === true)
    throw redirect({ to: session.isPending ? '/waiting' : '/prayerwall' })
}

// Spec 000 §2: the auth layout's redirect does not apply on these pages (a signed-in member may
// reset a password or verify an email; the email steps carry typed input between them). A
// social link is confirmed by a signed-in member (docs/social-sign-in.md), and a provider linked
// from the account screen comes back signed in through its callback page (issue 39).
const NO_SIGNED_IN_REDIRECT =
  /^\/(?:reset-password|verify-email|forgot-password|auth\/password|auth\/signup|auth\/email|auth\/verify-email|auth\/link|auth\/(?:google|facebook)\/callback)(?:\/|$)/

// A target that is itself a sign-in page would only bounce back here; the social link's
// confirmation is where a sign-in that proved the account goes on to.
const SIGN_IN_PAGE = /^\/(?:login|auth(?!\/link(?:[?#]|$)))(?:[/?#]|$)/

/**
 * The auth layout (spec 000 §2): a signed-in user goes to the stored next target, else to
 * /prayerwall with a profile or /onboarding without one.
 */
export async function redirectSignedIn({ context, location }: GuardArgs): Promise<void> {
  if (NO_SIGNED_IN_REDIRECT.test(location.pathname)) return
  const session = await ensureSession(context.queryClient)
  if (!session.isAuthenticated) return
  const { safeNextPath } = await import('@contract/auth')
  const wanted = (location.search as { next?: unknown }).next ?? readReturnPath()
  writeReturnPath(null)
  const fallback =
    session.hasProfile !== true ? '/onboarding' : session.isPending ? '/waiting' : '/prayerwall'
  const target = safeNextPath(wanted, fallback)
  throw redirect({ href: SIGN_IN_PAGE.test(target) ? fallback : target, replace: true })
}
