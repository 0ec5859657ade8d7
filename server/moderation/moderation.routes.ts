import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AuditPageSchema,
  AuditQuerySchema,
  BlocklistPhraseBodySchema,
  BlocklistSchema,
  ItemParamsSchema,
  MODERATION_MESSAGES,
  NoteBodySchema,
  QueuePageSchema,
  QueueQuerySchema,
  RemoveBodySchema,
  SuspensionBodySchema,
  UserParamsSchema,
} from '@contract/moderation'
import { ErrorCode } from '@contract/errors'
import { httpError } from '../errors/problem-error'
import type { Viewer } from '../auth/viewer'
import { approveItem } from './approval.service'
import { listAudit } from './audit-log'
import {
  addBlockedPhrase,
  BLOCKLIST_REFRESH_MS,
  listBlocklist,
  loadBlocklistInto,
  removeBlockedPhrase,
} from './blocklist.service'
import { dismissItem, removeItem, restoreItem } from './moderation-actions.service'
import { listQueue } from './moderation-queue.service'
import { liftSuspension, suspendUser } from './suspensions.service'

const MODERATOR = { requireRole: 'moderator' } as const
const ADMIN = { requireRole: 'admin' } as const
const NoContent = { 204: z.null() }

/**
 * The moderators' calls (issue 8, contract/moderation.ts): the queue, item actions,
 * suspensions and the blocklist for moderators and admins; the audit log for admins. What
 * follows a write (auto-hold, crisis flags, notices) is moderation.subscriber.ts.
 */
export function moderationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['moderation']
  const context = (request: FastifyRequest) => ({
    db: app.deps.db,
    viewer: request.viewer as Viewer,
    now: app.deps.now(),
  })

  keepBlocklistLoaded(app)

  routes.get(
    '/api/v1/moderation/queue',
    {
      config: MODERATOR,
      schema: { tags, querystring: QueueQuerySchema, response: { 200: QueuePageSchema } },
    },
    (request) => listQueue(context(request), request.query),
  )

  routes.post(
    '/api/v1/moderation/items/:type/:id/dismiss',
    {
      config: MODERATOR,
      schema: { tags, params: ItemParamsSchema, body: NoteBodySchema, response: NoContent },
    },
    async (request, reply) => {
      const { type, id } = request.params
      await dismissItem(context(request), type, id, request.body.note)
      return reply.code(204).send(null)
    },
  )

  routes.post(
    '/api/v1/moderation/items/:type/:id/approve',
    { config: MODERATOR, schema: { tags, params: ItemParamsSchema, response: NoContent } },
    async (request, reply) => {
      const { type, id } = request.params
      await approveItem(context(request), type, id)
      return reply.code(204).send(null)
    },
  )

  routes.post(
    '/api/v1/moderation/items/:type/:id/remove',
    {
      config: MODERATOR,
      schema: { tags, params: ItemParamsSchema, body: RemoveBodySchema, response: NoContent },
    },
    async (request, reply) => {
      const { type, id } = request.params
      await removeItem(context(request), type, id, request.body.reason)
      return reply.code(204).send(null)
    },
  )

  routes.post(
    '/api/v1/moderation/items/:type/:id/restore',
    {
      config: MODERATOR,
      schema: { tags, params: ItemParamsSchema, body: NoteBodySchema, response: NoContent },
    },
    async (request, reply) => {
      const { type, id } = request.params
      await restoreItem(context(request), type, id, request.body.note)
      return reply.code(204).send(null)
    },
  )

  routes.post(
    '/api/v1/moderation/users/:userId/suspension',
    {
      config: MODERATOR,
      schema: { tags, params: UserParamsSchema, body: SuspensionBodySchema, response: NoContent },
    },
    async (request, reply) => {
      await suspendUser(context(request), request.params.userId, request.body)
      return reply.code(204).send(null)
    },
  )

  routes.delete(
    '/api/v1/moderation/users/:userId/suspension',
    { config: MODERATOR, schema: { tags, params: UserParamsSchema, response: NoContent } },
    async (request, reply) => {
      await liftSuspension(context(request), request.params.userId)
      return reply.code(204).send(null)
    },
  )

  routes.get(
    '/api/v1/moderation/blocklist',
    { config: MODERATOR, schema: { tags, response: { 200: BlocklistSchema } } },
    () => listBlocklist(app.deps.db),
  )

  routes.post(
    '/api/v1/moderation/blocklist',
    {
      config: MODERATOR,
      schema: { tags, body: BlocklistPhraseBodySchema, response: { 201: BlocklistSchema } },
    },
    async (request, reply) => {
      const ctx = { ...context(request), contentPolicy: app.deps.contentPolicy }
      return reply.code(201).send(await addBlockedPhrase(ctx, request.body.phrase))
    },
  )

  // The phrase travels in the body, as with POST; `?phrase=` works too for clients whose DELETE
  // cannot carry one.
  routes.delete(
    '/api/v1/moderation/blocklist',
    {
      config: MODERATOR,
      schema: {
        tags,
        querystring: z.object({ phrase: z.optional(BlocklistPhraseBodySchema.shape.phrase) }),
        body: z.nullish(BlocklistPhraseBodySchema),
        response: { 200: BlocklistSchema },
      },
    },
    async (request) => {
      // Each place was validated by its schema; the one rule a schema cannot say is "one of them".
      const phrase = request.body?.phrase ?? request.query.phrase
      if (phrase === undefined) {
        const message = MODERATION_MESSAGES.phraseRequired
        throw httpError(400, ErrorCode.validationError, `phrase: ${message}`, [
          { field: 'phrase', message },
        ])
      }
      const ctx = { ...context(request), contentPolicy: app.deps.contentPolicy }
      return removeBlockedPhrase(ctx, phrase)
    },
  )

  routes.get(
    '/api/v1/moderation/audit',
    {
      config: ADMIN,
      schema: { tags, querystring: AuditQuerySchema, response: { 200: AuditPageSchema } },
    },
    (request) => listAudit(app.deps.db, request.query),
  )
}

// Loaded at start; reloaded by the process that changes it, and every BLOCKLIST_REFRESH_MS so
// other processes of the same community follow (docs/moderation.md).
function keepBlocklistLoaded(app: FastifyInstance) {
  const reload = () => loadBlocklistInto(app.deps.db, app.deps.contentPolicy)
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await reload()
    timer = setInterval(() => {
      reload().catch((error: unknown) => app.log.error({ err: error }, 'blocklist reload failed'))
    }, BLOCKLIST_REFRESH_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
