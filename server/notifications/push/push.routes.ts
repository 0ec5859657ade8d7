import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import {
  PushPublicKeySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '@contract/push'
import type { Viewer } from '../../auth/viewer'
import { httpError } from '../../errors/problem-error'
import { pushSubscriptionsTable } from './push-subscriptions.table'
import type { WebPush } from './web-push'

// The server POSTs to whatever endpoint is registered, so in production only the browsers' push
// services are accepted (no request to an internal address on a member's say-so). Development
// and tests also accept a local push service.
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
]

export function isKnownPushService(endpoint: string): boolean {
  const url = new URL(endpoint)
  return (
    url.protocol === 'https:' &&
    PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
  )
}

/**
 * Web Push registration for any signed-in member (the session plugin's default deny). A device
 * is registered to the session that sent it; a member only ever removes their own.
 */
export function pushRoutes(app: FastifyInstance, webPush: WebPush) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['notifications']
  const { db, config, now } = app.deps
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer

  routes.get(
    '/api/notifications/push-public-key',
    { schema: { tags, response: { 200: PushPublicKeySchema } } },
    () => ({ publicKey: webPush.publicKey }),
  )

  routes.post(
    '/api/notifications/push-subscriptions',
    { schema: { tags, body: PushSubscriptionBodySchema } },
    async (request, reply) => {
      const { userId, sessionId } = viewerOf(request)
      const { endpoint, keys } = request.body
      if (config.appEnv === 'production' && !isKnownPushService(endpoint)) {
        throw httpError(400, ErrorCode.validationError, 'This push service is not supported.', [
          { field: 'endpoint', message: 'must be a browser push service over https' },
        ])
      }
      // The same device subscribing again, or for another member who signed in on it.
      const device = { userId, sessionId, p256dh: keys.p256dh, auth: keys.auth }
      await db
        .insert(pushSubscriptionsTable)
        .values({ endpoint, createdAt: now(), ...device })
        .onConflictDoUpdate({ target: pushSubscriptionsTable.endpoint, set: device })
      return reply.code(204).send()
    },
  )

  routes.delete(
    '/api/notifications/push-subscriptions',
    { schema: { tags, body: PushUnsubscribeBodySchema } },
    async (request, reply) => {
      const { userId } = viewerOf(request)
      await db
        .delete(pushSubscriptionsTable)
        .where(
          and(
            eq(pushSubscriptionsTable.endpoint, request.body.endpoint),
            eq(pushSubscriptionsTable.userId, userId),
          ),
        )
      return reply.code(204).send()
    },
  )
}
