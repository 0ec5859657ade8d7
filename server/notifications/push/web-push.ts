import { Agent } from 'node:https'
import { and, eq, gt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import webpush from 'web-push'
import type { Notification } from '@contract/notifications'
import { PUSH_TTL_SECONDS, type PushPayload } from '@contract/push'
import { cutText } from '@contract/text'
import { sessionsTable } from '../../auth/sessions.table'
import type { Database } from '../../db/client'
import type { DeliveryPreferences } from '../delivery-preferences'
import { pushSubscriptionsTable } from './push-subscriptions.table'
import type { VapidKeys } from './vapid-keys'

/** web-push's sendNotification, or a fake in tests. Rejects with `statusCode` on an HTTP error. */
export type PushTransport = (
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions,
) => Promise<unknown>

export interface WebPush {
  readonly publicKey: string
  /** Replaceable so tests can observe what is sent without a push service. */
  transport: PushTransport
  /**
   * Encrypts the notification to each of the member's signed-in devices, unless their settings
   * hold it back (issue 13: a muted type or request, quiet hours); prunes dead devices.
   */
  deliver(userId: string, notification: Notification): Promise<void>
  /** Closes the kept-alive connections to the push services (on app close). */
  close(): void
}

// Push services refuse payloads over 4 KB; the wording needs the first line, not a long story.
const MESSAGE_MAX = 500

// 404/410: the browser unsubscribed or the subscription expired; it will never come back.
const GONE = new Set([404, 410])

// A VAPID token (RFC 8292) is signed once per push service and reused: signing one per push was
// a third of a reminder minute's CPU (bench:reminders). Valid 12 h (the RFC allows 24), renewed
// an hour before it runs out; on the real clock, which the push service judges it by.
const VAPID_TOKEN_SECONDS = 12 * 3600
const VAPID_RENEW_EARLY_SECONDS = 3600
// Connections to the push services are kept and reused: a TLS handshake per push was another
// third. An idle one is closed after this long, before the push service would close it under us.
const IDLE_CONNECTION_MS = 30_000

export function createWebPush(options: {
  db: Database
  keys: VapidKeys
  readUrl: string
  now: () => Date
  log: FastifyBaseLogger
  preferences: DeliveryPreferences
}): WebPush {
  const { db, keys, readUrl, now, log, preferences } = options
  const agent = new Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS })
  const vapidTokens = new Map<string, { authorization: string; renewAt: number }>()
  const vapidAuthorization = (endpoint: string) => {
    const audience = new URL(endpoint).origin
    const cached = vapidTokens.get(audience)
    if (cached && Date.now() < cached.renewAt) return cached.authorization
    const expiresAt = Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS
    const { Authorization: authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiresAt,
    )
    vapidTokens.set(audience, {
      authorization,
      renewAt: (expiresAt - VAPID_RENEW_EARLY_SECONDS) * 1000,
    })
    return authorization
  }

  const webPush: WebPush = {
    publicKey: keys.publicKey,
    transport: (subscription, payload, requestOptions) =>
      webpush.sendNotification(subscription, payload, requestOptions),
    async deliver(userId, notification) {
      // Devices first: a member with none (most, and every member offline in a replay) costs one
      // query instead of three. Only devices whose session is still valid: an expired sign-in
      // hears nothing.
      const devices = await db
        .select({
          id: pushSubscriptionsTable.id,
          endpoint: pushSubscriptionsTable.endpoint,
          p256dh: pushSubscriptionsTable.p256dh,
          auth: pushSubscriptionsTable.auth,
        })
        .from(pushSubscriptionsTable)
        .innerJoin(sessionsTable, eq(sessionsTable.id, pushSubscriptionsTable.sessionId))
        .where(and(eq(pushSubscriptionsTable.userId, userId), gt(sessionsTable.expiresAt, now())))
      if (devices.length === 0) return
      if (!(await preferences(userId, notification))) return
      const message = notification.message ? cutText(notification.message, MESSAGE_MAX) : null
      const payload: PushPayload = { notification: { ...notification, message }, readUrl }
      const body = JSON.stringify(payload)
      await Promise.all(
        devices.map(async (device) => {
          try {
            await webPush.transport(
              { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
              body,
              {
                // In place of `vapidDetails`, which would sign a new token for every push.
                headers: { Authorization: vapidAuthorization(device.endpoint) },
                TTL: PUSH_TTL_SECONDS,
                timeout: 10_000,
                agent,
              },
            )
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode
            if (status !== undefined && GONE.has(status)) {
              await db
                .delete(pushSubscriptionsTable)
                .where(eq(pushSubscriptionsTable.id, device.id))
            } else {
              log.warn({ err: error, status }, 'web push delivery failed')
            }
          }
        }),
      )
    },
    close: () => agent.destroy(),
  }
  return webPush
}
