import type { FastifyInstance } from 'fastify'
import { HubEvent } from '@contract/hub'
import { NotificationSchema } from '@contract/notifications'
import type { Backplane } from '../../realtime/backplane'
import { createDeliveryPreferences, type Addressed } from '../delivery-preferences'
import { pushRoutes } from './push.routes'
import { loadVapidKeys } from './vapid-keys'
import { createWebPush, type WebPush } from './web-push'

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPush
  }
}

/** Notifications handed to Web Push in one go: three queries for the lot (web-push.ts). */
const DELIVERY_BATCH = 500
/**
 * How long the first notification waits for others to join its batch: writes raise them one by
 * one (a sync batch, ~8 ms apart), and a push a few milliseconds later is no later to a phone.
 */
const GATHER_MS = 20

/**
 * Web Push (issue 7, DESIGN §6): the registration calls on every process that serves the
 * notifications calls; delivery on each process hosting the hub, for every NewNotification
 * whose member has no live connection there. With several hub processes a member connected to
 * another one may also get a push: the service worker shows it under the same tag, so it merges.
 */
export async function installWebPush(
  app: FastifyInstance,
  options: { backplane: Backplane; hostsHub: boolean; icon: () => Promise<string> },
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
    icon: options.icon,
  })
  app.decorate('webPush', webPush)
  pushRoutes(app, webPush)
  if (!options.hostsHub) {
    app.addHook('onClose', async () => webPush.close())
    return
  }

  // A reminder minute raises thousands of notifications in seconds (issue 20, bench:reminders),
  // a sync batch hundreds (issue 19, bench:sync): they queue here and go to Web Push a batch at a
  // time, one batch after the other, so the database pool stays free for the writes that raise
  // them and the push service's connections are not flooded.
  const waiting: Addressed[] = []
  let draining: Promise<void> | null = null
  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, DELIVERY_BATCH)
      await webPush
        .deliverMany(batch)
        .catch((error: unknown) => app.log.error({ err: error }, 'web push failed'))
    }
    draining = null
  }
  const unsubscribe = options.backplane.subscribe((message) => {
    if (message.kind !== 'send' || message.target !== HubEvent.NewNotification) return
    const userId = message.group?.startsWith('user:') ? message.group.slice('user:'.length) : null
    if (!userId || app.hub.hasUserConnection(userId)) return
    const notification = NotificationSchema.safeParse(message.args[0])
    if (!notification.success) return
    waiting.push({ userId, notification: notification.data })
    draining ??= new Promise((resolve) => setTimeout(resolve, GATHER_MS)).then(drain)
  })
  // A stop finishes the batch in hand and drops the rest: pushes are a courtesy, the
  // notifications themselves are saved and listed.
  app.addHook('onClose', async () => {
    unsubscribe()
    waiting.length = 0
    await draining
    webPush.close()
  })
}
