import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  IntentionReactionBodySchema,
  IntentionReactionResponseSchema,
  IntentionReactorsQuerySchema,
} from '@contract/intentions'
import { ReactorPageSchema } from '@contract/reactors'
import { ReportBodySchema } from '@contract/reports'
import { prayForIntention, reactToIntention } from './intention-reactions.service'
import { listIntentionReactors } from './intention-reactors.service'
import { reportIntention } from './intention-report.service'
import { IntentionParamsSchema } from './intentions.routes'
import { READ, WRITE, readContext, writeContext } from '../auth/route-context'

/** Pray, amen and candle, who responded, and reports (spec 001 §7). */
export function intentionReactionsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['intentions']
  const params = IntentionParamsSchema

  routes.post(
    '/api/v1/intentions/:id/pray',
    {
      config: { ...WRITE, idempotent: true },
      schema: { tags, params, response: { 200: IntentionReactionResponseSchema } },
    },
    (request) => prayForIntention(writeContext(app, request), request.params.id),
  )

  routes.post(
    '/api/v1/intentions/:id/reactions',
    {
      config: { ...WRITE, idempotent: true },
      schema: {
        tags,
        params,
        body: IntentionReactionBodySchema,
        response: { 200: IntentionReactionResponseSchema },
      },
    },
    (request) => reactToIntention(writeContext(app, request), request.params.id, request.body),
  )

  routes.get(
    '/api/v1/intentions/:id/reactions',
    {
      config: READ,
      schema: {
        tags,
        params,
        querystring: IntentionReactorsQuerySchema,
        response: { 200: ReactorPageSchema },
      },
    },
    (request) => listIntentionReactors(readContext(app, request), request.params.id, request.query),
  )

  routes.post(
    '/api/v1/intentions/:id/report',
    {
      config: WRITE,
      schema: { tags, params, body: ReportBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await reportIntention(writeContext(app, request), request.params.id, request.body)
      return reply.code(204).send(null)
    },
  )
}
