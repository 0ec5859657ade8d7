import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AuthErrorCode,
  AuthMessage,
  ForgotPasswordBodySchema,
  normaliseEmail,
  ResetPasswordBodySchema,
  TokenQuerySchema,
} from '@contract/auth'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { AUTH_LIMITS, authRateLimit } from '../rate-limit/auth-limits'
import { markEmailVerified, setPasswordHash } from '../users/users.service'
import { consumeToken, peekToken, revokeTokens } from './auth-tokens'
import { authValidationError } from './auth-validation'
import { refuseBreachedPassword } from './breached-passwords'
import { clearAccountFailures } from './login-failures'
import { hashPassword } from './passwords'
import { deleteUserSessions } from './sessions'
import { acceptLanguageOf } from '../i18n/language'

const Neutral = z.object({ message: z.string() })

/** POST /auth/forgot-password, GET /auth/reset-password/validate, POST /auth/reset-password. */
export function passwordResetRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now } = app.deps

  const forgot = authRateLimit(app, 'forgot-password', AUTH_LIMITS.sendsMail)
  routes.post(
    '/auth/forgot-password',
    {
      ...forgot,
      config: { ...forgot.config, public: true },
      schema: { body: ForgotPasswordBodySchema, response: { 202: Neutral } },
    },
    async (request, reply) => {
      // Only the request is recorded, the same for any address: the answer and the work before
      // it tell nothing of which accounts exist. The auth-mail subscriber mails the owner.
      const email = normaliseEmail(request.body.email)
      await db.transaction((tx) =>
        recordEvent(
          tx,
          {
            type: 'PasswordResetRequested',
            payload: { email, language: acceptLanguageOf(request) },
          },
          { occurredAt: now() },
        ),
      )
      return reply.status(202).send({ message: AuthMessage.forgotPasswordSent })
    },
  )

  const validate = authRateLimit(app, 'reset-validate', AUTH_LIMITS.token)
  routes.get(
    '/auth/reset-password/validate',
    {
      ...validate,
      // The token is in the URL, which Fastify logs at info: keep this route's logs to warnings.
      logLevel: 'warn',
      config: { ...validate.config, public: true },
      attachValidation: true,
      schema: { querystring: TokenQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const owner = request.validationError
        ? null
        : await peekToken(db, request.query.token, 'reset_password', now())
      if (!owner) throw httpError(404, AuthErrorCode.invalidToken, AuthMessage.invalidLink)
      return reply.status(204).send(null)
    },
  )

  const reset = authRateLimit(app, 'reset-password', AUTH_LIMITS.token)
  routes.post(
    '/auth/reset-password',
    {
      ...reset,
      config: { ...reset.config, public: true },
      attachValidation: true,
      schema: { body: ResetPasswordBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.validationError) throw authValidationError(request.validationError)
      // Before the token is spent: the member picks another password with the same link.
      refuseBreachedPassword(request.body.newPassword)
      const passwordHash = await hashPassword(request.body.newPassword)
      const owner = await consumeToken(db, request.body.token, 'reset_password', now())
      if (!owner) throw httpError(400, AuthErrorCode.invalidToken, AuthMessage.resetFailed)
      // The owner is told by mail (the auth-mail subscriber), recorded with the new password.
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, owner.userId, passwordHash, now())
        await recordEvent(
          tx,
          { type: 'PasswordReset', payload: { userId: owner.userId } },
          { occurredAt: now() },
        )
      })
      // Following the mailed link proves the mailbox, as the verification link would have.
      await markEmailVerified(db, owner, now())
      // DESIGN §5: whoever knew the old password is signed out everywhere.
      await deleteUserSessions(db, { userId: owner.userId, now: now() })
      await revokeTokens(db, owner.userId, 'reset_password', now())
      await clearAccountFailures(db, normaliseEmail(owner.email))
      return reply.status(204).send(null)
    },
  )
}
