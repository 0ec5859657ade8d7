import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { MEMBERSHIP_MESSAGES, MembershipErrorCode } from '@contract/membership-errors'
import { sessionCookieName } from '../auth/session-cookie'
import { findSession } from '../auth/sessions'
import { memberMaySee } from '../intentions/intention-reads'
import { createInProcessBackplane, type Backplane } from '../realtime/backplane'
import type { HubMethodHandler } from '../realtime/hub-api'
import { createHubSender, type HubSender } from '../realtime/hub-sender'
import { realtimePlugin } from '../realtime/realtime.plugin'
import { createRedisBackplane } from '../realtime/redis-backplane'
import { scheduleJob } from '../events/scheduled-jobs'
import { autoCloseJob } from '../intentions/auto-close.job'
import { autoCloseSubscriber } from './auto-close.subscriber'
import {
  countersSubscriber,
  hubSessionsSubscriber,
  wallRemovalsSubscriber,
} from './live-updates.subscriber'
import { createDeliveryPreferences } from './delivery-preferences'
import { createNotifier, type Notifier } from './notifier'
import { notificationsSubscriber } from './notifications.subscriber'
import { installWebPush } from './push/web-push.plugin'
import { remindersJob } from './reminders.job'
import { roomRemindersJob } from './room-reminders.job'
import { weeklySummaryJob } from './weekly-summary.job'

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier
    /** Sends hub events from any process role (the hub's own process or SERVER_ROLE=api). */
    hubSender: HubSender
  }
}

export interface NotificationsPluginOptions {
  /** Given by the caller (tests: two apps on one in-process backplane), who closes it. */
  backplane?: Backplane
  /** Hub methods of capabilities below (prayer rooms), added to the built-in ones. */
  hubMethods?: Record<string, HubMethodHandler>
  /** The path of the icon a push shows: the community's logo (issue 38). */
  notificationIcon: () => Promise<string>
}

function ownBackplane(app: FastifyInstance): Backplane {
  const { redisUrl } = app.deps.config
  if (!redisUrl) return createInProcessBackplane()
  return createRedisBackplane({
    url: redisUrl,
    onError: (error) => app.log.error({ err: error }, 'hub backplane error'),
  })
}

// canWatch: the wall's own rule (public wall, or a private group the member is in; not removed).
function canWatch(app: FastifyInstance, userId: string, intentionId: string) {
  return memberMaySee(app.deps.db, userId, intentionId)
}

/**
 * The hub and the notifier (DESIGN §2 process roles): `all` and `notifications` host the hub;
 * `api` only publishes through the backplane to the process that does. Its subscribers raise
 * notifications and live updates after the writes' events, in every role: any process may be
 * the one that delivers an event (docs/events.md).
 */
export const notificationsPlugin = fp<NotificationsPluginOptions>(
  async (app, options) => {
    const { config, db, now } = app.deps
    const backplane = options.backplane ?? ownBackplane(app)
    if (!options.backplane) app.addHook('onClose', () => backplane.close())
    const hostsHub = config.serverRole !== 'api'
    if (hostsHub) {
      const cookie = sessionCookieName(config)
      await app.register(realtimePlugin, {
        backplane,
        authenticate: async ({ cookies }) => {
          const token = cookies[cookie]
          if (!token || token.length > 128) return null
          const found = await findSession(db, token, now())
          if (!found) return null
          // Issue 38: a member waiting for approval has no hub connection (the session plugin
          // refuses the hub's HTTP routes; this covers the WebSocket that skips negotiation).
          if (found.viewer.pending)
            return {
              refused: { code: MembershipErrorCode.pending, detail: MEMBERSHIP_MESSAGES.pending },
            }
          return { userId: found.viewer.userId, secondFactor: found.viewer.secondFactor }
        },
        canWatch: (userId, intentionId) => canWatch(app, userId, intentionId),
        methods: options.hubMethods,
        allowedOrigins: [config.publicUrl, config.notificationsUrl].map(
          (url) => new URL(url).origin,
        ),
      })
    }
    const sender = hostsHub ? app.hub : createHubSender(backplane)
    app.decorate('hubSender', sender)
    const notifier = createNotifier({
      db,
      sender,
      log: app.log,
      now,
      preferences: createDeliveryPreferences({ db }),
      showPrayerCounts: async () => (await app.community.read()).show_prayer_counts,
    })
    app.decorate('notifier', notifier)
    app.events.subscribe(notificationsSubscriber(notifier))
    app.events.subscribe(countersSubscriber(notifier))
    app.events.subscribe(hubSessionsSubscriber(notifier))
    app.events.subscribe(wallRemovalsSubscriber(sender))
    await installWebPush(app, {
      hostsHub,
      hasLiveTab: hostsHub ? (userId) => app.hub.hasUserConnection(userId) : () => false,
      icon: options.notificationIcon,
    })
    // Tests record the week themselves (weekly-summary.test.ts) instead of waiting an hour.
    const stop = scheduleJob(
      app.events,
      { db, now, log: app.log, tick: config.appEnv !== 'test', track: app.metrics.trackJob },
      weeklySummaryJob(notifier),
    )
    const stopReminders = scheduleJob(
      app.events,
      { db, now, log: app.log, tick: config.appEnv !== 'test', track: app.metrics.trackJob },
      remindersJob(notifier),
    )
    const stopRoomReminders = scheduleJob(
      app.events,
      { db, now, log: app.log, tick: config.appEnv !== 'test', track: app.metrics.trackJob },
      roomRemindersJob(notifier),
    )
    // Issue 38: requests left open auto_close_days are closed daily; their authors are told.
    app.events.subscribe(autoCloseSubscriber(notifier))
    const stopAutoClose = scheduleJob(
      app.events,
      { db, now, log: app.log, tick: config.appEnv !== 'test', track: app.metrics.trackJob },
      autoCloseJob(db, async () => (await app.community.read()).auto_close_days),
    )
    app.addHook('onClose', async () => {
      stop()
      stopReminders()
      stopRoomReminders()
      stopAutoClose()
    })
  },
  { name: 'notifications', dependencies: ['session', 'events'] },
)
