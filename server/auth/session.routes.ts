import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SessionResponseSchema } from '@contract/auth'
import { CaptchaChallengeSchema } from '@contract/captcha'
import { AUTH_LIMITS, authRateLimit } from '../rate-limit/auth-limits'
import { issueChallenge } from './captcha'
import { clearSessionCookie, readSessionToken } from './session-cookie'
import { deleteSessionByToken } from './sessions'

/** GET /auth/session, POST /auth/logout (spec 000 §7) and GET /auth/captcha (DESIGN §5). */
export function sessionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const read = authRateLimit(app, 'session', AUTH_LIMITS.read)

  routes.get(
    '/auth/session',
    {
      ...read,
      config: { ...read.config, public: true },
      schema: { response: { 200: SessionResponseSchema } },
    },
    async (request, reply) => {
      // Per-user and changes at sign-in/out: never from a shared or browser cache.
      reply.header('cache-control', 'no-store')
      const viewer = request.viewer
      return {
        isAuthenticated: viewer !== null,
        hasProfile: viewer ? viewer.hasProfile : null,
        isPending: viewer?.pending ?? false,
      }
    },
  )

  // Works without a session too (spec 000 §4: the client always logs out, then goes to /).
  const logout = authRateLimit(app, 'logout', AUTH_LIMITS.read)
  routes.post(
    '/auth/logout',
    {
      ...logout,
      config: { ...logout.config, public: true },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = readSessionToken(request)
      if (token) await deleteSessionByToken(app.deps.db, token, app.deps.now())
      clearSessionCookie(reply)
      return reply.status(204).send(null)
    },
  )

  const captcha = authRateLimit(app, 'captcha', AUTH_LIMITS.identifier)
  routes.get(
    '/auth/captcha',
    {
      ...captcha,
      config: { ...captcha.config, public: true },
      schema: { response: { 200: CaptchaChallengeSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return issueChallenge(app.deps.db, app.deps.now())
    },
  )
}
