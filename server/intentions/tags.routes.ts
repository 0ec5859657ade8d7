import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { TagListResponseSchema, TagsQuerySchema } from '@contract/tags'
import { READ, readContext } from '../auth/route-context'
import { popularTags, searchTags } from './tags.service'

/** GET /api/v1/tags?limit=10 (popular) and ?search=&limit=8 (prefix), spec 001 §7. */
export function tagsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/tags',
    {
      config: READ,
      schema: {
        tags: ['tags'],
        querystring: TagsQuerySchema,
        response: { 200: TagListResponseSchema },
      },
    },
    (request) => {
      const { search, limit } = request.query
      const context = { ...readContext(app, request), limit }
      return search ? searchTags({ ...context, search }) : popularTags(context)
    },
  )
}
