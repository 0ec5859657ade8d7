import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CommunitySchema } from '@contract/community'
import type { CommunitySettingsReader } from './community-settings'
import { communityFor } from './community.service'

/** GET /api/v1/community (issue 38): what the app needs to draw itself, for anyone. */
export function communityRoutes(app: FastifyInstance, community: CommunitySettingsReader) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/community',
    {
      config: { public: true },
      schema: { tags: ['community'], response: { 200: CommunitySchema } },
    },
    async (request) => communityFor(await community.read(), request.viewer !== null),
  )
}
