import { safeNextPath } from '@contract/auth'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback } from 'react'
import { refreshSession } from '@/lib/session'
import { readReturnPath, writeReturnPath } from '@/lib/session-storage'
import '../navigation-state'

// Spec 000 §9: the login page's default next target.
const DEFAULT_NEXT = '/prayerwall'
const SIGN_IN_PAGE = /^\/(?:login|auth)(?:[/?#]|$)/
// A sign-in that proved an account for a social link goes on to confirm it (docs/social-sign-in.md).
const SOCIAL_LINK_PAGE = /^\/auth\/link(?:[?#]|$)/

/** Where this sign-in should land: the step's navigation state, else the stored return path. */
export function useSignInTarget(): string {
  const stateNext = useRouterState({ select: (state) => state.location.state.next })
  return safeNextPath(stateNext ?? readReturnPath(), DEFAULT_NEXT)
}

/**
 * After a successful sign-in: read the new session, forget the return path and go on. A member
 * without a profile lands on onboarding whatever the target (spec 000 §2 auth layout rule), once
 * any social link waiting for them is answered.
 */
export function useFinishSignIn(): (next: string) => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    async (next: string) => {
      const session = await refreshSession(queryClient)
      writeReturnPath(null)
      const target = safeNextPath(next, DEFAULT_NEXT)
      const href = SOCIAL_LINK_PAGE.test(target)
        ? target
        : session.hasProfile === false || SIGN_IN_PAGE.test(target)
          ? '/onboarding'
          : target
      await navigate({ href, replace: true })
    },
    [queryClient, navigate],
  )
}
