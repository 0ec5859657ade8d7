import type { FastifyInstance } from 'fastify'
import { memberLanguages } from '../../users/language-setting'
import { createDeliveryPreferences } from '../delivery-preferences'
import { pushRoutes } from './push.routes'
import { loadVapidKeys } from './vapid-keys'
import { createWebPush, type WebPush } from './web-push'
import { webPushSubscriber } from './web-push.subscriber'

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPush
  }
}

/**
 * Web Push (issue 7, DESIGN §6): the registration calls on every process that serves the
 * notifications calls; delivery as the `web-push` subscriber to NotificationsRaised (issue 41),
 * registered in every role and delivered by the processes hosting the hub, which skip a member
 * with a live connection there. With several hub processes a member connected to another one
 * may also get a push: the service worker shows it under the same tag, so it merges.
 */
export async function installWebPush(
  app: FastifyInstance,
  options: {
    hostsHub: boolean
    /** A live hub connection of the member on this process. */
    hasLiveTab: (userId: string) => boolean
    icon: () => Promise<string>
  },
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
    languages: (userIds) => memberLanguages(app, userIds),
  })
  app.decorate('webPush', webPush)
  pushRoutes(app, webPush)
  app.events.subscribe(
    webPushSubscriber({
      db,
      webPush,
      now,
      hasLiveTab: options.hasLiveTab,
      deliveredHere: options.hostsHub,
    }),
  )
  // The dispatcher stops first (preClose) and finishes the push in hand; what is left waits
  // in the outbox for the next start.
  app.addHook('onClose', async () => webPush.close())
}
