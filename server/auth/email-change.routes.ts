import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { TokenQuerySchema } from '@contract/auth'
import { AUTH_LIMITS, authRateLimit } from '../rate-limit/auth-limits'
import { undoEmailChange } from './email-change'

/** GET /auth/undo-email-change: the link mailed to the address an email change left (issue 37). */
export function emailChangeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, config, now } = app.deps

  const undo = authRateLimit(app, 'undo-email-change', AUTH_LIMITS.token)
  routes.get(
    '/auth/undo-email-change',
    {
      ...undo,
      // The token is in the URL, which Fastify logs at info: keep this route's logs to warnings.
      logLevel: 'warn',
      config: { ...undo.config, public: true },
      attachValidation: true,
      schema: { querystring: TokenQuerySchema },
    },
    async (request, reply) => {
      const resetToken = request.validationError
        ? null
        : await undoEmailChange(db, config, request.query.token, now())
      reply.header('cache-control', 'no-store')
      // Restored and signed out everywhere: the owner goes on to choose a new password, since
      // whoever changed the address knew the old one. A dead link reads as any invalid link.
      return resetToken
        ? reply.redirect(`/reset-password?token=${encodeURIComponent(resetToken)}`, 302)
        : reply.redirect('/verify-email/result?verified=0', 302)
    },
  )
}
