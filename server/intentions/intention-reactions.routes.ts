import type { FastifyInstance, FastifyRequest } from 'fastify'
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
  // The community's count rule (issue 38): the answer's prayer count is the author's alone.
  const showPrayerCounts = async () => (await app.community.read()).show_prayer_counts
  const reacting = async (request: FastifyRequest) => ({
    ...writeContext(app, request),
    showPrayerCounts: await showPrayerCounts(),
  })

  routes.post(
    '/api/v1/intentions/:id/pray',
    {
      config: { ...WRITE, idempotent: true },
      schema: { tags, params, response: { 200: IntentionReactionResponseSchema } },
    },
    async (request) => prayForIntention(await reacting(request), request.params.id),
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
    async (request) => reactToIntention(await reacting(request), request.params.id, request.body),
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
    async (request) =>
      listIntentionReactors(
        { ...readContext(app, request), showPrayerCounts: await showPrayerCounts() },
        request.params.id,
        request.query,
      ),
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
