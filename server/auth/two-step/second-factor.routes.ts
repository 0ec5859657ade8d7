import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorCode } from '@contract/errors'
import { SecondFactorBodySchema, TwoStepErrorCode, TwoStepMessage } from '@contract/two-step'
import { httpError } from '../../errors/problem-error'
import { AUTH_LIMITS } from '../../rate-limit/auth-limits'
import { clientAddress } from '../../rate-limit/client-address'
import { startSession } from '../sign-in-session'
import { spendRecoveryCode } from './recovery-codes'
import { clearFailures, recordFailure, refuseWhenTooManyFailures } from './second-factor-tries'
import type { SecretSeal } from './secret-seal'
import { spendTotpCode } from './totp'

/**
 * POST /auth/second-factor (issue 39): finishes a sign-in that answered `second_factor_needed`.
 * The half-done session (request.awaitingSecondFactor) is replaced by one that counts as two
 * factors: a new token, so the one that only knew the password never holds the rights.
 */
export function secondFactorRoutes(app: FastifyInstance, seal: SecretSeal) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now } = app.deps

  routes.post(
    '/auth/second-factor',
    {
      config: {
        // No viewer yet: the session plugin hands this route the half-done session instead.
        public: true,
        rateLimit: {
          max: AUTH_LIMITS.signIn.perIp,
          timeWindow: 15 * 60 * 1000,
          keyGenerator: (request) => `second-factor:ip:${clientAddress(request)}`,
        },
      },
      schema: { body: SecondFactorBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const awaiting = request.awaitingSecondFactor
      if (!awaiting) throw httpError(401, ErrorCode.unauthenticated, 'Please sign in to continue.')
      const at = now()
      await refuseWhenTooManyFailures(db, awaiting.userId, at)
      const body = request.body
      const accepted =
        'code' in body
          ? await spendTotpCode(db, seal, { userId: awaiting.userId, code: body.code, now: at })
          : await spendRecoveryCode(db, {
              userId: awaiting.userId,
              code: body.recovery_code,
              now: at,
            })
      if (!accepted) {
        await recordFailure(db, awaiting.userId, at)
        const field = 'code' in body ? 'code' : 'recovery_code'
        const message = 'code' in body ? TwoStepMessage.codeWrong : TwoStepMessage.recoveryCodeWrong
        throw httpError(400, TwoStepErrorCode.codeWrong, message, [{ field, message }])
      }
      await clearFailures(db, awaiting.userId)
      await startSession(request, reply, {
        userId: awaiting.userId,
        persistent: awaiting.persistent,
        now: at,
        secondFactor: true,
      })
      return reply.status(204).send(null)
    },
  )
}
