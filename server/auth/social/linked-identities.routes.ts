import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SocialProviderSchema } from '@contract/auth'
import { ErrorCode, ProblemDetailsSchema } from '@contract/errors'
import {
  IdentityProviderParamsSchema,
  LinkedIdentitiesSchema,
  LinkedSignInMessage,
} from '@contract/social-sign-in'
import { httpError } from '../../errors/problem-error'
import { signedInRecently } from '../reauthentication'
import { assertRecentSignIn } from './link-intent'
import { listLinkedIdentities, unlinkIdentity } from './linked-identities'
import { providerConfig } from './social-providers'

/**
 * Issue 39, the account screen's linked sign-ins: GET /api/v1/users/me/identities and
 * DELETE /api/v1/users/me/identities/{provider}. Signed-in only (the session plugin answers 401);
 * each reads and changes the member's own identities and nobody else's. Linking is the provider
 * round trip started with `intent=link` (social.routes.ts).
 */
export function linkedIdentitiesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, config, now } = app.deps

  routes.get(
    '/api/v1/users/me/identities',
    { schema: { tags: ['auth'], response: { 200: LinkedIdentitiesSchema } } },
    async (request, reply) => {
      const viewer = request.viewer!
      reply.header('cache-control', 'no-store')
      return {
        ...(await listLinkedIdentities(db, viewer.userId)),
        available: SocialProviderSchema.options.filter((provider) =>
          Boolean(providerConfig(config, provider)),
        ),
        recent_sign_in: await signedInRecently(db, viewer.sessionId, now()),
      }
    },
  )

  routes.delete(
    '/api/v1/users/me/identities/:provider',
    {
      schema: {
        tags: ['auth'],
        params: IdentityProviderParamsSchema,
        response: { 204: z.null(), '4xx': ProblemDetailsSchema },
      },
    },
    async (request, reply) => {
      const provider = SocialProviderSchema.safeParse(request.params.provider)
      if (!provider.success)
        throw httpError(404, ErrorCode.notFound, LinkedSignInMessage.unknownProvider)
      await assertRecentSignIn(app, request.viewer!)
      await unlinkIdentity(db, {
        userId: request.viewer!.userId,
        provider: provider.data,
        now: now(),
      })
      return reply.status(204).send(null)
    },
  )
}
