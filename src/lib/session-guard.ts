import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { MembershipErrorCode } from '@contract/membership-errors'
import { endSessionLocally, sessionQueryOptions } from './session'
import { writeReturnPath } from './session-storage'

// Spec 000 §4 and §8, in ONE place for every query and mutation of the app (the API client never
// navigates): a 401 is a forced logout, a 403 for a signed-in user means unfinished onboarding.

/**
 * Queries and mutations whose screen shows the 401/403 itself (a wrong password answers 401 on
 * the sign-in form) pass this as `meta` so the guard leaves them alone.
 */
export const handlesAuthErrors = { handlesAuthErrors: true } as const

// 403 codes that are not about onboarding: the screen explains them (DESIGN §4 gates writes on a
// verified email and roles; spec 000 §5 disables those buttons with their own tooltip).
// Issue 39: a moderator's session without two-step sign-in; the screens link to its setup.
const NOT_ONBOARDING = new Set([
  'email_not_verified',
  'forbidden',
  'suspended',
  'second_factor_required',
])

const isLoginPath = (pathname: string) => pathname === '/login' || pathname.startsWith('/login/')

function statusAndCode(error: unknown): { status: number; code: string } | null {
  if (typeof error !== 'object' || error === null) return null
  const { status, code } = error as { status?: unknown; code?: unknown }
  return typeof status === 'number' ? { status, code: typeof code === 'string' ? code : '' } : null
}

export function createSessionErrorHandler(queryClient: QueryClient, router: AnyRouter) {
  // Several queries usually fail together when a session dies: act on the first only.
  let redirecting = false

  async function redirect(to: '/login' | '/onboarding' | '/waiting') {
    if (redirecting) return
    redirecting = true
    try {
      const here = router.state.location
      if (here.pathname !== to) {
        writeReturnPath(here.href)
        await router.navigate({ to, search: to === '/login' ? { next: here.href } : {} })
      }
    } finally {
      redirecting = false
    }
  }

  return function handleError(error: unknown, meta: Record<string, unknown> | undefined): void {
    if (meta?.handlesAuthErrors === true) return
    const failure = statusAndCode(error)
    if (failure?.status === 401) {
      const here = router.state.location.pathname
      endSessionLocally(queryClient)
      if (!isLoginPath(here)) void redirect('/login')
      return
    }
    // Issue 38: waiting for a moderator's approval; onboarding comes first if unfinished.
    if (failure?.status === 403 && failure.code === MembershipErrorCode.pending) {
      const session = queryClient.getQueryData(sessionQueryOptions().queryKey)
      if (!session?.isAuthenticated) return
      queryClient.setQueryData(sessionQueryOptions().queryKey, { ...session, isPending: true })
      if (session.hasProfile !== false) void redirect('/waiting')
      return
    }
    if (failure?.status === 403 && !NOT_ONBOARDING.has(failure.code)) {
      const session = queryClient.getQueryData(sessionQueryOptions().queryKey)
      if (session?.isAuthenticated) void redirect('/onboarding')
    }
  }
}

let installed: ReturnType<typeof createSessionErrorHandler> | null = null

/**
 * A failure outside queries and mutations (the outbox replay's 401): handled as theirs are, so
 * a session that ended while the member was offline asks them to sign in.
 */
export function reportSessionError(error: unknown): void {
  installed?.(error, undefined)
}

/** Called once by createAppRouter: watches every query and mutation failure of the app. */
export function installSessionGuard(queryClient: QueryClient, router: AnyRouter): void {
  const handle = createSessionErrorHandler(queryClient, router)
  installed = handle
  // A query's first failed attempt is enough: retrying a 401 only delays the redirect.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    const { action } = event
    if (action.type === 'failed' || action.type === 'error') handle(action.error, event.query.meta)
  })
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error')
      handle(event.action.error, event.mutation.meta)
  })
}
