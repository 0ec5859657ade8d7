import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  MarkReadBodySchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  UnreadCountSchema,
} from '@contract/notifications'
import type { Viewer } from '../auth/viewer'
import { listNotifications, markAllRead, markRead } from './notifications.service'

/**
 * Spec 000 §7 notifications calls, for any signed-in member (the session plugin's default deny).
 * Every read change is published to all the member's tabs, on every process.
 */
export function notificationsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['notifications']
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer

  routes.get(
    '/api/notifications',
    {
      schema: {
        tags,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    (request) => listNotifications(app.deps.db, viewerOf(request).userId, request.query),
  )

  routes.put(
    '/api/notifications/read',
    { schema: { tags, body: MarkReadBodySchema, response: { 200: UnreadCountSchema } } },
    async (request) => {
      const { userId } = viewerOf(request)
      const unreadCount = await markRead(
        app.deps.db,
        userId,
        request.body.notificationIds,
        app.deps.now(),
      )
      await app.notifier.publishUnreadCount(userId, unreadCount)
      return { unreadCount }
    },
  )

  routes.put(
    '/api/notifications/read-all',
    { schema: { tags, response: { 200: UnreadCountSchema } } },
    async (request) => {
      const { userId } = viewerOf(request)
      const unreadCount = await markAllRead(app.deps.db, userId, app.deps.now())
      await app.notifier.publishUnreadCount(userId, unreadCount)
      return { unreadCount }
    },
  )
}
