import type { FastifyInstance } from 'fastify'
import pLimit from 'p-limit'
import { HubEvent } from '@contract/hub'
import { NotificationSchema } from '@contract/notifications'
import type { Backplane } from '../../realtime/backplane'
import { createDeliveryPreferences } from '../delivery-preferences'
import { pushRoutes } from './push.routes'
import { loadVapidKeys } from './vapid-keys'
import { createWebPush, type WebPush } from './web-push'

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPush
  }
}

const PUSH_DELIVERIES_AT_ONCE = 16

/**
 * Web Push (issue 7, DESIGN §6): the registration calls on every process that serves the
 * notifications calls; delivery on each process hosting the hub, for every NewNotification
 * whose member has no live connection there. With several hub processes a member connected to
 * another one may also get a push: the service worker shows it under the same tag, so it merges.
 */
export async function installWebPush(
  app: FastifyInstance,
  options: { backplane: Backplane; hostsHub: boolean },
) {
  const { config, db, now } = app.deps
  const keys = await loadVapidKeys({
    configured: config.vapid,
    dataDir: config.dataDir,
    subject: config.vapidSubject,
  })
  const webPush = createWebPush({
    db,
    keys,
    readUrl: new URL('/api/notifications/read', config.notificationsUrl).href,
    now,
    log: app.log,
    preferences: createDeliveryPreferences({ db }),
  })
  app.decorate('webPush', webPush)
  app.addHook('onClose', async () => webPush.close())
  pushRoutes(app, webPush)
  if (!options.hostsHub) return

  // A reminder minute raises thousands of notifications in seconds (issue 20, bench:reminders):
  // a bounded number of deliveries at once keeps the database pool free for the writes that
  // raise them and the push service's connections from timing out; the rest wait their turn.
  const delivering = pLimit(PUSH_DELIVERIES_AT_ONCE)
  const unsubscribe = options.backplane.subscribe((message) => {
    if (message.kind !== 'send' || message.target !== HubEvent.NewNotification) return
    const userId = message.group?.startsWith('user:') ? message.group.slice('user:'.length) : null
    if (!userId || app.hub.hasUserConnection(userId)) return
    const notification = NotificationSchema.safeParse(message.args[0])
    if (!notification.success) return
    delivering(() => webPush.deliver(userId, notification.data)).catch((error: unknown) =>
      app.log.error({ err: error }, 'web push failed'),
    )
  })
  app.addHook('onClose', async () => unsubscribe())
}
