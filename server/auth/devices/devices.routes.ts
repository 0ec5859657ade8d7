import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AccountSessionsSchema, SessionIdParamsSchema } from '@contract/account'
import { ErrorCode } from '@contract/errors'
import { httpError } from '../../errors/problem-error'
import { clearSessionCookie } from '../session-cookie'
import { endOtherSessions, endOwnSession, listOwnSessions } from './own-sessions'

/** Issue 39: the devices signed in to the member's account, and signing them out. */
export function devicesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now } = app.deps

  routes.get(
    '/api/v1/users/me/sessions',
    { schema: { response: { 200: AccountSessionsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const viewer = request.viewer!
      const items = await listOwnSessions(db, {
        userId: viewer.userId,
        currentSessionId: viewer.sessionId,
        now: now(),
      })
      return { items }
    },
  )

  routes.delete(
    '/api/v1/users/me/sessions/:id',
    { schema: { params: SessionIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = request.viewer!
      const sessionId = request.params.id
      const ended = await endOwnSession(db, { userId: viewer.userId, sessionId, now: now() })
      if (!ended) throw httpError(404, ErrorCode.notFound, 'That session is not signed in.')
      // Signing out this very device from the list is a sign-out: its cookie goes too.
      if (sessionId === viewer.sessionId) clearSessionCookie(reply)
      return reply.status(204).send(null)
    },
  )

  routes.delete(
    '/api/v1/users/me/sessions',
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const viewer = request.viewer!
      await endOtherSessions(db, {
        userId: viewer.userId,
        currentSessionId: viewer.sessionId,
        now: now(),
      })
      return reply.status(204).send(null)
    },
  )
}
