import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ACCOUNT_DELETION_MESSAGES,
  AccountDeletionErrorCode,
  AdminDeleteAccountBodySchema,
  DeleteAccountBodySchema,
} from '@contract/account-deletion'
import { UserParamsSchema } from '@contract/moderation'
import { reauthentication } from '../auth/reauthentication'
import { clearSessionCookie } from '../auth/session-cookie'
import type { Viewer } from '../auth/viewer'
import { httpError } from '../errors/problem-error'
import { findUserById } from '../users/users.repository'
import { deleteAccount } from './account-deletion.service'

const { confirmMismatch } = ACCOUNT_DELETION_MESSAGES
const REAUTHENTICATION = {
  field: 'password',
  passwordRequired: ACCOUNT_DELETION_MESSAGES.passwordRequired,
  recentSignInRequired: ACCOUNT_DELETION_MESSAGES.recentSignInRequired,
}

/**
 * Issue 40: a member deletes their own account (any signed-in member, suspended ones too: the
 * account is theirs), an admin a member's, with a reason. Names and shapes are the issue's.
 */
export function accountDeletionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now } = app.deps
  const reauthenticate = reauthentication(app)

  routes.delete(
    '/api/v1/users/me',
    {
      // A member still waiting for approval (issue 38) may leave too.
      config: { allowPending: true },
      schema: { tags: ['account'], body: DeleteAccountBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const viewer = request.viewer as Viewer
      const user = await findUserById(db, viewer.userId)
      if (!user) throw httpError(401, 'unauthorized', 'Please sign in.')
      // Nothing is deleted before both checks pass: the password (or a fresh sign-in) first.
      await reauthenticate(request, user, request.body.password, REAUTHENTICATION)
      if (request.body.confirm.trim() !== user.displayName)
        throw httpError(400, AccountDeletionErrorCode.confirmMismatch, confirmMismatch, [
          { field: 'confirm', message: confirmMismatch },
        ])
      await deleteAccount(db, { userId: user.id, now: now() })
      clearSessionCookie(reply)
      return reply.code(204).send(null)
    },
  )

  routes.delete(
    '/api/v1/admin/users/:userId',
    {
      config: { requireRole: 'admin' },
      schema: {
        tags: ['admin'],
        params: UserParamsSchema,
        body: AdminDeleteAccountBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as Viewer
      const { userId } = request.params
      // From the roles screen an admin would lose their own session mid-way, without the proof
      // a member gives: their own account is deleted from their account screen.
      if (userId === viewer.userId)
        throw httpError(
          400,
          AccountDeletionErrorCode.selfDeletion,
          ACCOUNT_DELETION_MESSAGES.selfDeletion,
        )
      await deleteAccount(db, {
        userId,
        admin: { userId: viewer.userId, displayName: viewer.displayName },
        reason: request.body.reason,
        now: now(),
      })
      return reply.code(204).send(null)
    },
  )
}
