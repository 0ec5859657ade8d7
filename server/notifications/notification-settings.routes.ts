import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { MutedIntentionsSchema, NotificationSettingsSchema } from '@contract/notification-settings'
import type { Viewer } from '../auth/viewer'
import { IntentionParamsSchema } from '../intentions/intentions.routes'
import { READ } from '../auth/route-context'
import {
  muteIntention,
  mutedIntentionIds,
  readNotificationSettings,
  saveNotificationSettings,
  unmuteIntention,
} from './notification-settings.service'

/**
 * Issue 13, for any signed-in member (the session plugin's default deny): their notification
 * settings, and "Mute this request". The names and shapes are the issue's.
 */
export function notificationSettingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['notifications']
  const { db, now } = app.deps
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer
  const settingsPath = '/api/v1/users/me/notification-settings'
  const mutePath = '/api/v1/intentions/:id/mute'

  routes.get(
    settingsPath,
    { schema: { tags, response: { 200: NotificationSettingsSchema } } },
    (request) => readNotificationSettings(db, viewerOf(request).userId),
  )

  routes.put(
    settingsPath,
    {
      schema: {
        tags,
        body: NotificationSettingsSchema,
        response: { 200: NotificationSettingsSchema },
      },
    },
    (request) =>
      saveNotificationSettings({
        db,
        userId: viewerOf(request).userId,
        settings: request.body,
        now: now(),
      }),
  )

  routes.get(
    '/api/v1/users/me/muted-intentions',
    { schema: { tags, response: { 200: MutedIntentionsSchema } } },
    async (request) => ({ intention_ids: await mutedIntentionIds(db, viewerOf(request).userId) }),
  )

  routes.put(
    mutePath,
    { config: READ, schema: { tags, params: IntentionParamsSchema } },
    async (request, reply) => {
      await muteIntention({
        db,
        viewer: viewerOf(request),
        intentionId: request.params.id,
        now: now(),
      })
      return reply.code(204).send()
    },
  )

  routes.delete(
    mutePath,
    { config: READ, schema: { tags, params: IntentionParamsSchema } },
    async (request, reply) => {
      await unmuteIntention({
        db,
        userId: viewerOf(request).userId,
        intentionId: request.params.id,
      })
      return reply.code(204).send()
    },
  )
}
