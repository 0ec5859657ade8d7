import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreateIntentionBodySchema,
  IntentionDetailSchema,
  IntentionFeedQuerySchema,
  IntentionFeedResponseSchema,
  IntentionWriteResponseSchema,
  UpdateIntentionBodySchema,
} from '@contract/intentions'
import { StatusUpdateBodySchema, StatusUpdateResponseSchema } from '@contract/intention-status'
import { assertCanSeeIntention } from './intention-access'
import type { FeedCache } from './feed-cache'
import { listIntentions, serveFeed } from './intention-feed'
import type { PublishHold } from '../reports/publish-hold'
import { updateIntentionStatus } from './intention-status.service'
import { loadIntentionView } from './prepared-intention-views'
import { createIntention, deleteIntention, updateIntention } from './intentions.service'
import type { TestimonyPort } from './testimony-port'
import { READ, WRITE, readContext, writeContext } from '../auth/route-context'
import { assertAnonymousAllowed } from '../community/anonymous-posting'

export const IntentionParamsSchema = z.object({ id: z.uuid() })

/** What Fastify sends a serialised JSON body as. */
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * The prayer wall's intentions (spec 001 §7). Responses, reactors and reports:
 * intention-reactions.routes.ts. Cards show their testimony, which app.ts hands in, as it hands
 * in the process's feed cache (ADR 0026) and the community's publish rule (issue 38).
 */
export function intentionsRoutes(
  app: FastifyInstance,
  {
    testimonies,
    feedCache,
    publishHold,
  }: { testimonies: TestimonyPort; feedCache?: FeedCache; publishHold: PublishHold },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  // The community's count rule (issue 38), from the process's settings: no query per request.
  const showPrayerCounts = async () => (await app.community.read()).show_prayer_counts
  const reading = async (request: FastifyRequest) => ({
    ...readContext(app, request),
    testimonies,
    showPrayerCounts: await showPrayerCounts(),
  })
  const writing = async (request: FastifyRequest) => ({
    ...writeContext(app, request),
    testimonies,
    publishHold,
    showPrayerCounts: await showPrayerCounts(),
  })
  const tags = ['intentions']

  routes.get(
    '/api/v1/intentions',
    {
      config: READ,
      schema: {
        tags,
        querystring: IntentionFeedQuerySchema,
        response: { 200: IntentionFeedResponseSchema },
      },
    },
    async (request, reply) => {
      const context = { ...(await reading(request)), query: request.query }
      if (!feedCache) return listIntentions(context)
      const served = await serveFeed({
        ...{ ...context, cache: feedCache },
        // The route's own serialiser: the response schema checks what the cache keeps.
        serialize: (response) => reply.serialize(response) as string,
      })
      if (typeof served !== 'string') return served
      // Already through the schema: the type provider's send only takes the object it checks.
      return (reply as FastifyReply).type(JSON_TYPE).send(served)
    },
  )

  routes.get(
    '/api/v1/intentions/:id',
    {
      config: READ,
      schema: { tags, params: IntentionParamsSchema, response: { 200: IntentionDetailSchema } },
    },
    async (request) => {
      const context = await reading(request)
      await assertCanSeeIntention({ ...context, intentionId: request.params.id })
      const intention = await loadIntentionView({ ...context, intentionId: request.params.id })
      return { ...intention, updates: intention.updates ?? [] }
    },
  )

  routes.post(
    '/api/v1/intentions',
    {
      config: { ...WRITE, idempotent: true },
      schema: {
        tags,
        body: CreateIntentionBodySchema,
        response: { 201: IntentionWriteResponseSchema },
      },
    },
    async (request, reply) => {
      const context = await writing(request)
      const anonymous = request.body.identity_mode === 'anonymous'
      await assertAnonymousAllowed(app, anonymous, 'identity_mode')
      return reply.code(201).send(await createIntention(context, request.body))
    },
  )

  routes.patch(
    '/api/v1/intentions/:id',
    {
      config: WRITE,
      schema: {
        tags,
        params: IntentionParamsSchema,
        body: UpdateIntentionBodySchema,
        response: { 200: IntentionWriteResponseSchema },
      },
    },
    async (request) => updateIntention(await writing(request), request.params.id, request.body),
  )

  routes.delete(
    '/api/v1/intentions/:id',
    { config: WRITE, schema: { tags, params: IntentionParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteIntention(writeContext(app, request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  routes.patch(
    '/api/v1/intentions/:id/status',
    {
      config: WRITE,
      schema: {
        tags,
        description:
          'Answer, release in peace or reopen a prayer (owner or moderator). The answered dialog may add a testimony (testimony_title + testimony_text): it is created in the same transaction, so a refused testimony leaves the prayer as it was (docs/testimonies.md).',
        params: IntentionParamsSchema,
        body: StatusUpdateBodySchema,
        response: { 200: StatusUpdateResponseSchema },
      },
    },
    async (request) => {
      const context = await writing(request)
      const { testimony_title: title, testimony_visibility: visibility } = request.body
      await assertAnonymousAllowed(
        app,
        !!title && visibility === 'anonymous',
        'testimony_visibility',
      )
      return updateIntentionStatus(context, request.params.id, request.body)
    },
  )
}
