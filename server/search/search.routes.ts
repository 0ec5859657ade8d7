import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SearchQuerySchema, SearchResponseSchema } from '@contract/search'
import { READ, readContext } from '../auth/route-context'
import type { TestimonyPort } from '../intentions/testimony-port'
import { search } from './search.service'

// A member types as they search (the client waits 300 ms between keys): a minute's worth of
// searching stays well inside this, a script reading the whole community through it does not.
export const SEARCHES_PER_MINUTE = 60

const SEARCH_LIMIT = {
  max: SEARCHES_PER_MINUTE,
  timeWindow: 60 * 1000,
  keyGenerator: (request: FastifyRequest) => `search:${request.viewer?.userId ?? request.ip}`,
}

/** Issue 43: search requests, testimonies and the prayer list (docs/search.md). */
export function searchRoutes(
  app: FastifyInstance,
  { testimonies }: { testimonies: TestimonyPort },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/v1/search',
    {
      config: { ...READ, rateLimit: SEARCH_LIMIT },
      schema: {
        tags: ['search'],
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async (request) =>
      search(
        {
          ...readContext(app, request),
          testimonies,
          showPrayerCounts: (await app.community.read()).show_prayer_counts,
        },
        request.query,
      ),
  )
}
