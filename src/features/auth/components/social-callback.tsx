import { safeNextPath, type SocialProvider } from '@contract/auth'
import { InviteErrorCode, isInviteErrorCode } from '@contract/invites'
import {
  LinkedSignInMessage,
  type SocialCallbackResponse,
  SocialMessage,
} from '@contract/social-sign-in'
import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { ButtonLink } from '@/components/button-link'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { refreshSession, useSession } from '@/lib/session'
import { readCallbackOutcome, writeCallbackOutcome } from '@/lib/session-storage'
import { relaySocialCallback } from '../api/social-sign-in'
import { rememberInvite } from '../invite-code'
import { AuthTitle } from './auth-title'
import { InvitationOnly } from './invitation-only'
import { SecondFactorStep } from './second-factor-step'

// Spec 000 §2: the query is relayed to the server once per state value. React StrictMode runs
// the effect twice and a reload runs it again: the second effect joins the relay in flight, and
// a state already relayed (kept in session storage) is never sent again.
const inFlight = new Map<string, Promise<SocialCallbackResponse>>()

export function SocialCallback({ provider }: { provider: SocialProvider }) {
  const t = useT()
  const searchStr = useRouterState({ select: (state) => state.location.searchStr })
  const [failure, setFailure] = useState<string | null>(null)
  const [secondStep, setSecondStep] = useState<string | null>(null)
  // Issue 38: an invite-only community refused to create the account (and why).
  const [inviteProblem, setInviteProblem] = useState<{ code: string; detail: string } | null>(null)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // Issue 39: a link started on the account screen fails back to it, the member still signed in.
  const { isAuthenticated } = useSession()

  useEffect(() => {
    let cancelled = false
    const state = new URLSearchParams(searchStr).get('state')
    const earlier = state === null ? null : readCallbackOutcome(state)
    let relay = state === null ? undefined : inFlight.get(state)

    if (state === null || (!relay && earlier?.status !== undefined && earlier.status !== 'done')) {
      setFailure(SocialMessage.invalidState)
      return
    }
    if (!relay && earlier?.status === 'done') {
      void navigate({ href: earlier.next, replace: true })
      return
    }
    if (!relay) {
      relay = relaySocialCallback(provider, searchStr)
      inFlight.set(state, relay)
      writeCallbackOutcome(state, { status: 'pending' })
    }

    relay.then(
      async (answer) => {
        if (answer.needsLinking) {
          // DESIGN §5: prove the existing account first; the identity is linked after that.
          writeCallbackOutcome(state, { status: 'done', next: answer.next })
          if (cancelled) return
          await navigate({
            href: answer.next,
            replace: true,
            state: {
              email: answer.email,
              next: answer.returnTo,
              notice: answer.message,
              noticeTone: 'info',
            },
          })
          return
        }
        rememberInvite(null)
        if (answer.secondFactorNeeded) {
          // Issue 39: the code comes next, here; a reload starts the sign-in over.
          writeCallbackOutcome(state, { status: 'done', next: '/login' })
          if (!cancelled) setSecondStep(answer.next)
          return
        }
        const session = await refreshSession(queryClient)
        const next = safeNextPath(
          answer.next,
          session.hasProfile === false ? '/onboarding' : '/prayerwall',
        )
        writeCallbackOutcome(state, { status: 'done', next })
        // Issue 39: a link from the account screen is said there.
        const linked = answer.linked
          ? { notice: LinkedSignInMessage.linked(answer.linked), noticeTone: 'success' as const }
          : undefined
        if (!cancelled) await navigate({ href: next, replace: true, state: linked })
      },
      (error: unknown) => {
        writeCallbackOutcome(state, { status: 'failed' })
        if (cancelled) return
        if (error instanceof ApiError && isInviteErrorCode(error.code)) {
          rememberInvite(null)
          setInviteProblem({ code: error.code, detail: error.detail })
        } else setFailure(error instanceof ApiError ? error.detail : SocialMessage.failed)
      },
    )
    return () => {
      cancelled = true
    }
  }, [provider, searchStr, queryClient, navigate])

  if (secondStep !== null) return <SecondFactorStep next={secondStep} />
  if (inviteProblem)
    return (
      <InvitationOnly
        problem={inviteProblem.code === InviteErrorCode.required ? undefined : inviteProblem.detail}
      />
    )
  if (failure) {
    return (
      <>
        <AuthTitle>{t('Sign in did not finish')}</AuthTitle>
        <Alert severity="error" sx={{ mb: 3 }}>
          {translateText(failure)}
        </Alert>
        {isAuthenticated ? (
          <ButtonLink to="/settings/account" variant="contained">
            {t('Back to your account')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/login" variant="contained">
            {t('Back to log in')}
          </ButtonLink>
        )}
      </>
    )
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <AuthTitle>{t('Finishing sign in…')}</AuthTitle>
      <CircularProgress aria-label={t('Finishing sign in')} />
    </Stack>
  )
}
