import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorCode } from '@contract/errors'
import {
  RecoveryCodesSchema,
  TotpConfirmBodySchema,
  TotpDisableBodySchema,
  TotpSetupSchema,
  TwoStepErrorCode,
  TwoStepMessage,
  TwoStepStatusSchema,
} from '@contract/two-step'
import { httpError } from '../../errors/problem-error'
import { findUserById } from '../../users/users.repository'
import { reauthentication } from '../reauthentication'
import { startSession } from '../sign-in-session'
import { sessionsTable } from '../sessions.table'
import { issueRecoveryCodes, recoveryCodesLeft, removeRecoveryCodes } from './recovery-codes'
import type { SecretSeal } from './secret-seal'
import { clearFailures, recordFailure, refuseWhenTooManyFailures } from './second-factor-tries'
import { findTotp, newTotpSecret, removeTotp, spendTotpCode, startTotp } from './totp'

/**
 * Issue 39: turning two-step sign-in on and off from the account screen. Start answers a new
 * secret; confirm proves the member's app holds it (one code), turns it on, answers the ten
 * recovery codes once, and gives this browser a session that counts as two factors.
 */
export function twoStepRoutes(app: FastifyInstance, seal: SecretSeal) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now } = app.deps
  const reauthenticate = reauthentication(app)

  async function currentUser(userId: string) {
    const user = await findUserById(db, userId)
    if (!user) throw httpError(401, ErrorCode.unauthenticated, 'Please sign in to continue.')
    return user
  }

  routes.get(
    '/api/v1/users/me/totp',
    { schema: { response: { 200: TwoStepStatusSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const userId = request.viewer!.userId
      const totp = await findTotp(db, userId)
      return {
        enabled: totp?.confirmedAt != null,
        recovery_codes_left: totp?.confirmedAt ? await recoveryCodesLeft(db, userId) : 0,
      }
    },
  )

  routes.post(
    '/api/v1/users/me/totp',
    { schema: { response: { 200: TotpSetupSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await currentUser(request.viewer!.userId)
      // Authenticator apps list the account as "issuer: label".
      const { name } = await app.community.read()
      const { secret, otpauthUrl } = newTotpSecret({ issuer: name, label: user.email })
      if (!(await startTotp(db, seal, { userId: user.id, secret, now: now() })))
        throw httpError(409, TwoStepErrorCode.alreadyOn, TwoStepMessage.alreadyOn)
      return { secret, otpauth_url: otpauthUrl }
    },
  )

  routes.post(
    '/api/v1/users/me/totp/confirm',
    { schema: { body: TotpConfirmBodySchema, response: { 200: RecoveryCodesSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const viewer = request.viewer!
      const at = now()
      const totp = await findTotp(db, viewer.userId)
      if (totp?.confirmedAt)
        throw httpError(409, TwoStepErrorCode.alreadyOn, TwoStepMessage.alreadyOn)
      if (!totp) throw httpError(409, TwoStepErrorCode.notStarted, TwoStepMessage.notStarted)
      await refuseWhenTooManyFailures(db, viewer.userId, at)
      const code = request.body.code
      if (
        !(await spendTotpCode(db, seal, { userId: viewer.userId, code, now: at, confirming: true }))
      ) {
        await recordFailure(db, viewer.userId, at)
        throw httpError(400, TwoStepErrorCode.codeWrong, TwoStepMessage.codeWrong, [
          { field: 'code', message: TwoStepMessage.codeWrong },
        ])
      }
      await clearFailures(db, viewer.userId)
      const codes = await issueRecoveryCodes(db, viewer.userId)
      // The member just proved both factors here: this browser's session is replaced by one that
      // counts as two (a new token, as at every rise in rights). Every other session of theirs
      // now waits for a code before it is served (sessions.ts).
      const [current] = await db
        .select({ persistent: sessionsTable.persistent })
        .from(sessionsTable)
        .where(eq(sessionsTable.id, viewer.sessionId))
      await startSession(request, reply, {
        userId: viewer.userId,
        persistent: current?.persistent ?? true,
        now: at,
        secondFactor: true,
      })
      return { recovery_codes: codes }
    },
  )

  routes.delete(
    '/api/v1/users/me/totp',
    { schema: { body: TotpDisableBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = request.viewer!
      const user = await currentUser(viewer.userId)
      await reauthenticate(request, user, request.body.password, {
        field: 'password',
        passwordRequired: TwoStepMessage.passwordRequired,
        recentSignInRequired: TwoStepMessage.recentSignInRequired,
      })
      if (!(await removeTotp(db, user.id)))
        throw httpError(409, TwoStepErrorCode.notOn, TwoStepMessage.notOn)
      await removeRecoveryCodes(db, user.id)
      // Staff rights came with the second factor: no session of theirs keeps them now.
      await db
        .update(sessionsTable)
        .set({ secondFactorAt: null })
        .where(eq(sessionsTable.userId, user.id))
      return reply.status(204).send(null)
    },
  )
}
