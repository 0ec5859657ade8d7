import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AuthErrorCode,
  AuthMessage,
  IdentifierBodySchema,
  IdentifierResponseSchema,
  normaliseEmail,
  PasswordSignInBodySchema,
} from '@contract/auth'
import { TwoStepErrorCode, TwoStepMessage } from '@contract/two-step'
import { problem, sendProblem } from '../plugins/problem-details'
import { httpError } from '../errors/problem-error'
import { AUTH_LIMITS, authRateLimit } from '../rate-limit/auth-limits'
import { clientAddress } from '../rate-limit/client-address'
import { grantConfiguredRoles } from '../users/roles'
import { findUserByEmail } from '../users/users.repository'
import { spendChallenge } from './captcha'
import {
  accountLocked,
  clearAccountFailures,
  failureState,
  recordFailure,
  recordIpFailure,
} from './login-failures'
import { verifyPassword } from './passwords'
import { startSession } from './sign-in-session'
import { listUserProviders } from './social/identities'
import { hasTwoStep } from './two-step/totp'

/** POST /auth/identifier and POST /auth/password (spec 000 §4, §7). */
export function signInRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, config, now } = app.deps

  const identifier = authRateLimit(app, 'identifier', AUTH_LIMITS.identifier)
  routes.post(
    '/auth/identifier',
    {
      ...identifier,
      config: { ...identifier.config, public: true },
      schema: { body: IdentifierBodySchema, response: { 200: IdentifierResponseSchema } },
    },
    async (request) => {
      // Only the spec's three fields: which step comes next, never who the account is.
      const user = await findUserByEmail(db, normaliseEmail(request.body.email))
      if (!user) return { providers: [], hasLocal: false, next: 'signup' as const }
      const hasLocal = user.passwordHash !== null
      return {
        providers: await listUserProviders(db, user.id),
        hasLocal,
        // Spec 000 §4: for a social-only account the client points to its provider instead.
        next: hasLocal ? ('password' as const) : ('signup' as const),
      }
    },
  )

  const signIn = authRateLimit(app, 'password', AUTH_LIMITS.signIn)
  routes.post(
    '/auth/password',
    {
      ...signIn,
      config: { ...signIn.config, public: true },
      schema: { body: PasswordSignInBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email)
      const attempt = { email, ip: clientAddress(request), now: now() }
      const state = await failureState(db, attempt)
      // Spec 000 §4: a 400 from this call is the "too many attempts" lock.
      if (state.ipLocked)
        throw httpError(400, AuthErrorCode.tooManyAttempts, AuthMessage.tooManyAttempts)
      // A solution is spent and checked whenever one is sent: the address's rate limit lets
      // attempts that carry one through (server/rate-limit/auth-limits.ts).
      const solution = request.body.captcha
      if (state.captchaRequired && !solution) {
        await recordIpFailure(db, attempt)
        throw httpError(401, AuthErrorCode.captchaRequired, AuthMessage.captchaRequired)
      }
      if (solution && !(await spendChallenge(db, solution, attempt.now))) {
        await recordIpFailure(db, attempt)
        throw httpError(401, AuthErrorCode.captchaInvalid, AuthMessage.captchaRequired)
      }
      const user = await findUserByEmail(db, email)
      // Always one argon2 verification, so a missing account costs the same time as a wrong password.
      const valid = await verifyPassword(user?.passwordHash ?? null, request.body.password)
      if (!user || !valid) {
        await recordFailure(db, { ...attempt, solvedCheck: solution !== undefined })
        if (accountLocked(state.checkedAccountFailures))
          throw httpError(400, AuthErrorCode.tooManyAttempts, AuthMessage.tooManyAttempts)
        throw httpError(401, AuthErrorCode.invalidCredentials, AuthMessage.invalidCredentials)
      }
      await clearAccountFailures(db, email)
      await grantConfiguredRoles(db, config, user)
      await startSession(request, reply, {
        userId: user.id,
        persistent: request.body.rememberMe,
        now: attempt.now,
      })
      // Issue 39: the password was right; the session waits for the code (POST /auth/second-factor).
      // A 401, not a 204, so a client that does not know the second step never thinks it is in.
      if (await hasTwoStep(db, user.id))
        return sendProblem(
          reply,
          problem(401, TwoStepErrorCode.secondFactorNeeded, TwoStepMessage.secondFactorNeeded),
        )
      return reply.status(204).send(null)
    },
  )
}
