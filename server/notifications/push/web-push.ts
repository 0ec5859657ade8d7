import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import pLimit from 'p-limit'
import type webpush from 'web-push'
import type { Language } from '@contract/languages'
import { withoutWords } from '@contract/notification-privacy'
import { PUSH_TTL_SECONDS, type PushPayload } from '@contract/push'
import { cutText } from '@contract/text'
import { sessionIsLive } from '../../auth/live-sessions'
import { anyOf } from '../../db/any-of'
import type { Database } from '../../db/client'
import type { Addressed, DeliveryPreferences } from '../delivery-preferences'
import { pushSubscriptionsTable } from './push-subscriptions.table'
import { createPushWorkers } from './push-workers'
import { pushWording } from './push-wording'
import type { VapidKeys } from './vapid-keys'
import { vapidAuthorizations } from './vapid-tokens'

/**
 * Sends one push: web-push's sendNotification in worker threads (push-workers.ts), or a fake in
 * tests. Rejects with `statusCode` on an HTTP error.
 */
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
   * Encrypts each notification to each of its member's signed-in devices (or only to `device`),
   * unless their settings hold it back (issue 13: a muted type or request, quiet hours); prunes
   * dead devices. Three queries for the lot, then at most PUSHES_AT_ONCE pushes in flight.
   * Answers the pushes that failed for a while (not a gone device), to be tried again.
   */
  deliverMany(items: readonly Addressed[], device?: string): Promise<PushTarget[]>
  /** Stops the push workers and their kept-alive connections to the push services (on close). */
  close(): Promise<void>
}

// Push services refuse payloads over 4 KB; the wording needs the first line, not a long story.
const MESSAGE_MAX = 500

// 404/410: the browser unsubscribed or the subscription expired; it will never come back.
const GONE = new Set([404, 410])

// Connections to the push services are kept and reused (in the push workers): a TLS handshake
// per push was another third.
// Pushes in flight at once: enough to keep connections to a push service busy, few enough that
// the service does not time them out while a reminder minute queues thousands. A push service is
// a round trip away (tens of ms): 16 at once held a 10,000-reminder minute to 16 pushes a round
// trip, 30 s at 50 ms; the workers (push-workers.ts) keep 64 at once off the event loop.
const PUSHES_AT_ONCE = 64

type Device = { id: string; endpoint: string; p256dh: string; auth: string }

/** One notification to one device. */
export interface PushTarget {
  notificationId: string
  deviceId: string
}

export function createWebPush(options: {
  db: Database
  keys: VapidKeys
  readUrl: string
  now: () => Date
  log: FastifyBaseLogger
  preferences: DeliveryPreferences
  /** The notification icon's path: the community's (issue 38), read once per batch. */
  icon: () => Promise<string>
  /** Issue 42: each member's language, for a batch's words (server/i18n/language.ts). */
  languages: (userIds: readonly string[]) => Promise<(userId: string) => Language>
}): WebPush {
  const { db, keys, readUrl, now, log, preferences } = options
  const workers = createPushWorkers()
  const vapidAuthorization = vapidAuthorizations(keys)

  const pushing = pLimit(PUSHES_AT_ONCE)
  /** False when the push failed for a while and is worth another try. */
  const push = async (device: Device, body: string): Promise<boolean> => {
    try {
      await webPush.transport(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        body,
        {
          // In place of `vapidDetails`, which would sign a new token for every push.
          headers: { Authorization: vapidAuthorization(device.endpoint) },
          TTL: PUSH_TTL_SECONDS,
          timeout: 10_000,
        },
      )
      return true
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode
      if (status !== undefined && GONE.has(status)) {
        await db.delete(pushSubscriptionsTable).where(eq(pushSubscriptionsTable.id, device.id))
        return true
      }
      log.warn({ err: error, status }, 'web push delivery failed')
      return false
    }
  }

  const webPush: WebPush = {
    publicKey: keys.publicKey,
    transport: (subscription, payload, requestOptions) =>
      workers.send(subscription, payload, requestOptions),
    async deliverMany(items, only) {
      if (items.length === 0) return []
      // Devices first: members with none (most, and every member offline in a replay) cost no
      // more queries. Only devices whose session is still valid: an expired sign-in hears nothing.
      const devices = await db
        .select({
          id: pushSubscriptionsTable.id,
          userId: pushSubscriptionsTable.userId,
          endpoint: pushSubscriptionsTable.endpoint,
          p256dh: pushSubscriptionsTable.p256dh,
          auth: pushSubscriptionsTable.auth,
        })
        .from(pushSubscriptionsTable)
        .where(
          and(
            anyOf(pushSubscriptionsTable.userId, new Set(items.map((item) => item.userId))),
            sessionIsLive(pushSubscriptionsTable.sessionId, now()),
            only === undefined ? undefined : eq(pushSubscriptionsTable.id, only),
          ),
        )
      const byUser = new Map<string, Device[]>()
      for (const device of devices) {
        const own = byUser.get(device.userId)
        if (own) own.push(device)
        else byUser.set(device.userId, [device])
      }
      const reachable = items.filter((item) => byUser.has(item.userId))
      const decided = await preferences(reachable)
      const icon = await options.icon()
      const languageOf = await options.languages(reachable.map((item) => item.userId))
      const sends = reachable
        .flatMap((item, index) =>
          decided[index]!.reaches ? [{ ...item, ...decided[index]! }] : [],
        )
        .flatMap(({ userId, notification, previews }) => {
          const message = notification.message ? cutText(notification.message, MESSAGE_MAX) : null
          // Issue 40: with previews off the words never reach the push service.
          // A fold's first name is all a push shows (issue 47); the payload stays small.
          const fold = notification.fold && {
            ...notification.fold,
            names: notification.fold.names.slice(0, 1),
          }
          const shown = previews
            ? { ...notification, message, ...(fold && { fold }) }
            : withoutWords(notification)
          const wording = pushWording(languageOf(userId), shown, previews)
          const payload: PushPayload = previews
            ? { notification: shown, readUrl, icon, wording }
            : { notification: shown, readUrl, icon, previews: false, wording }
          const body = JSON.stringify(payload)
          return byUser
            .get(userId)!
            .map((device) => ({ device, body, notificationId: notification.notificationId }))
        })
      const sent = await Promise.all(
        sends.map(({ device, body }) => pushing(() => push(device, body))),
      )
      return sends
        .filter((_, index) => !sent[index])
        .map(({ device, notificationId }) => ({ notificationId, deviceId: device.id }))
    },
    close: () => workers.close(),
  }
  return webPush
}
