import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreatedTestimonySchema,
  CreateTestimonyBodySchema,
  TestimonyFeedQuerySchema,
  TestimonyFeedSchema,
  TestimonyReactionBodySchema,
  TestimonyReactionResponseSchema,
  TestimonyReactorPageSchema,
  TestimonyReactorsQuerySchema,
  TestimonySchema,
} from '@contract/testimonies'
import { READ, WRITE, readContext, writeContext } from '../auth/route-context'
import { assertAnonymousAllowed } from '../community/anonymous-posting'
import type { PublishHold } from '../reports/publish-hold'
import { listTestimonyReactors, reactToTestimony } from './testimony-reactions.service'
import { createTestimony, getTestimony, listTestimonies } from './testimonies.service'

const TestimonyParamsSchema = z.object({ id: z.uuid() })

/**
 * Testimonies (spec 001 §7). Reading needs a finished profile; sharing and saying Amen also a
 * verified email, and a suspended member reads but does not write (the wall's route rules).
 * A new testimony follows the community's publish rule, which app.ts hands in (issue 38).
 */
export function testimoniesRoutes(
  app: FastifyInstance,
  { publishHold }: { publishHold: PublishHold },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['testimonies']
  const params = TestimonyParamsSchema

  routes.get(
    '/api/v1/testimonies',
    {
      config: READ,
      schema: {
        tags,
        querystring: TestimonyFeedQuerySchema,
        response: { 200: TestimonyFeedSchema },
      },
    },
    (request) => listTestimonies(readContext(app, request), request.query),
  )

  routes.get(
    '/api/v1/testimonies/:id',
    { config: READ, schema: { tags, params, response: { 200: TestimonySchema } } },
    (request) => getTestimony(readContext(app, request), request.params.id),
  )

  routes.post(
    '/api/v1/testimonies',
    {
      config: { ...WRITE, idempotent: true },
      schema: {
        tags,
        body: CreateTestimonyBodySchema,
        response: { 201: CreatedTestimonySchema },
      },
    },
    async (request, reply) => {
      const context = { ...writeContext(app, request), publishHold }
      const anonymous = request.body.visibility === 'anonymous'
      await assertAnonymousAllowed(app, anonymous, 'visibility')
      return reply.code(201).send(await createTestimony(context, request.body))
    },
  )

  routes.post(
    '/api/v1/testimonies/:id/reactions',
    {
      config: { ...WRITE, idempotent: true },
      schema: {
        tags,
        params,
        body: TestimonyReactionBodySchema,
        response: { 200: TestimonyReactionResponseSchema },
      },
    },
    (request) => reactToTestimony(writeContext(app, request), request.params.id, request.body),
  )

  routes.get(
    '/api/v1/testimonies/:id/reactors',
    {
      config: READ,
      schema: {
        tags,
        params,
        querystring: TestimonyReactorsQuerySchema,
        response: { 200: TestimonyReactorPageSchema },
      },
    },
    (request) => listTestimonyReactors(readContext(app, request), request.params.id, request.query),
  )
}
