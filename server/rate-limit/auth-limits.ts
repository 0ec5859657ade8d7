import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { AuthErrorCode, AuthMessage, normaliseEmail } from '@contract/auth'
import { ErrorCode } from '@contract/errors'
import { httpError, ProblemError } from '../errors/problem-error'
import { clientAddress } from './client-address'

const MINUTE = 60 * 1000

export interface AuthLimit {
  /** Requests per IP in the window. */
  perIp: number
  /** Requests per email address in the window (when the body names one). */
  perAccount: number
  windowMs?: number
  /** Not counted when the request carries a valid session (guessing tokens is anonymous work). */
  exemptSignedIn?: boolean
  /**
   * Sign-in: past the account's limit the "not a robot" check is asked for instead of a 429, and
   * attempts that carry a solution are not counted (the route spends and checks every one), so
   * strangers sending an owner's address cannot keep the owner out (issue 37).
   */
  accountLimitAsksForCheck?: boolean
}

// DESIGN §5: every auth endpoint is limited per IP and per account. Mail-sending calls get the
// tightest per-account limits so nobody can flood someone's inbox through us.
export const AUTH_LIMITS = {
  // GET /auth/session runs on every page load; a signed-in check costs what any API call costs.
  read: { perIp: 300, perAccount: 300, exemptSignedIn: true },
  identifier: { perIp: 120, perAccount: 60 },
  signIn: { perIp: 100, perAccount: 30, accountLimitAsksForCheck: true },
  sendsMail: { perIp: 30, perAccount: 5, windowMs: 60 * MINUTE },
  token: { perIp: 60, perAccount: 60 },
} satisfies Record<string, AuthLimit>

function carriesCaptcha(request: FastifyRequest) {
  const body = request.body as { captcha?: unknown } | null | undefined
  return typeof body?.captcha === 'object' && body.captcha !== null
}

function bodyEmail(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined
  return typeof body?.email === 'string' && body.email.length <= 1024
    ? normaliseEmail(body.email)
    : null
}

/** Route options for one auth endpoint: an IP limit before anything runs, an account limit once the body is read. */
export function authRateLimit(
  app: FastifyInstance,
  name: string,
  limit: AuthLimit,
): RouteShorthandOptions {
  const timeWindow = limit.windowMs ?? 15 * MINUTE
  // createRateLimit, not rateLimit: the plugin's own handlers run once per request, so a second
  // one (this account limit after the IP limit) would be skipped.
  const accountLimit = app.createRateLimit({
    max: limit.perAccount,
    timeWindow,
    keyGenerator: (request) => `${name}:account:${bodyEmail(request) ?? ''}`,
  })
  return {
    config: {
      rateLimit: {
        max: limit.perIp,
        timeWindow,
        keyGenerator: (request) => `${name}:ip:${clientAddress(request)}`,
        // The session plugin's app-wide onRequest hook has already set request.viewer.
        ...(limit.exemptSignedIn
          ? { allowList: (request: FastifyRequest) => request.viewer !== null }
          : {}),
      },
    },
    preHandler: async (request) => {
      // No address in the body: nothing to count per account (the IP limit still applies).
      if (bodyEmail(request) === null) return
      if (limit.accountLimitAsksForCheck && carriesCaptcha(request)) return
      const result = await accountLimit(request)
      if (result.isAllowed || !result.isExceeded) return
      if (limit.accountLimitAsksForCheck)
        throw httpError(401, AuthErrorCode.captchaRequired, AuthMessage.captchaRequired)
      throw tooManyRequests(result.ttl)
    },
  }
}

/**
 * A 429 with its wait in `Retry-After` and as a number in the problem (`retry_after_seconds`),
 * which the other languages word again (i18n/problem-language.ts).
 */
export function tooManyRequests(ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
  return new ProblemError(
    429,
    ErrorCode.rateLimited,
    `Too many requests. Please wait ${seconds} seconds and try again.`,
    undefined,
    { retry_after_seconds: seconds },
    { 'retry-after': String(seconds) },
  )
}
