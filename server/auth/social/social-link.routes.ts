import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ProblemDetailsSchema } from '@contract/errors'
import { PendingSocialLinkSchema, SocialErrorCode, SocialMessage } from '@contract/social-sign-in'
import { httpError } from '../../errors/problem-error'
import { confirmPendingLink, dropPendingLink, findPendingLink } from './pending-links'
import { clearPendingLinkCookie, readPendingLinkCookie } from './social-cookies'

const LINK_PATH = '/auth/social/link'

// The member sees their own address, but on a phone held in a room full of people: enough of it
// to recognise, not to read out (a•••@example.org).
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`
}

function notFound() {
  return httpError(404, SocialErrorCode.linkNotFound, SocialMessage.linkNotFound)
}

/**
 * The page where the signed-in member confirms a waiting link (docs/social-sign-in.md) reads it
 * with GET and completes it with POST: the only way a pending identity joins an account (issue
 * 37). Signed-in only (the session plugin answers 401 otherwise); the POST and DELETE go through
 * the app's Origin check (csrf.ts) like every write.
 */
export function socialLinkRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()

  function waiting(request: FastifyRequest) {
    const token = readPendingLinkCookie(request)
    const viewer = request.viewer
    return token && viewer
      ? { token, viewerUserId: viewer.userId, now: app.deps.now(), viewer }
      : null
  }

  routes.get(
    LINK_PATH,
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['auth'],
        response: { 200: PendingSocialLinkSchema, '4xx': ProblemDetailsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const input = waiting(request)
      const pending = input && (await findPendingLink(app.deps.db, input))
      if (!input || !pending) throw notFound()
      return {
        provider: pending.provider,
        displayName: input.viewer.displayName,
        email: maskEmail(pending.email),
      }
    },
  )

  routes.post(
    LINK_PATH,
    { schema: { tags: ['auth'], response: { 204: z.null(), '4xx': ProblemDetailsSchema } } },
    async (request, reply) => {
      const input = waiting(request)
      if (!input || !(await confirmPendingLink(app.deps.db, input))) throw notFound()
      clearPendingLinkCookie(reply)
      return reply.status(204).send(null)
    },
  )

  routes.delete(
    LINK_PATH,
    { schema: { tags: ['auth'], response: { 204: z.null(), '4xx': ProblemDetailsSchema } } },
    async (request, reply) => {
      const token = readPendingLinkCookie(request)
      if (token) await dropPendingLink(app.deps.db, token)
      clearPendingLinkCookie(reply)
      return reply.status(204).send(null)
    },
  )
}
