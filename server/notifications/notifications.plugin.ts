import fp from 'fastify-plugin'
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
  }
}

export interface NotificationsPluginOptions {
  /** The path of the icon a push shows: the community's logo (issue 38). */
  notificationIcon: () => Promise<string>
}

/**
 * The notifier (DESIGN §2 process roles) on the hub app.ts registered: `app.hub` where this
 * process hosts it (`all`, `notifications`), `app.hubSender` in every role (`api` publishes
 * through the backplane to the process that does). Its subscribers raise notifications and live
 * updates after the writes' events, in every role: any process may be the one that delivers an
 * event (docs/events.md).
 */
export const notificationsPlugin = fp<NotificationsPluginOptions>(
  async (app, options) => {
    const { config, db, now } = app.deps
    const hostsHub = config.serverRole !== 'api'
    const sender = app.hubSender
    const notifier = createNotifier({
      db,
      sender,
      log: app.log,
      now,
      preferences: createDeliveryPreferences({ db }),
      showPrayerCounts: async () => (await app.community.read()).show_prayer_counts,
      counterWindowMs: config.counterUpdateWindowMs,
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
      // After the dispatcher stopped (preClose), before the backplane goes (an earlier onClose).
      await notifier.close()
    })
  },
  {
    name: 'notifications',
    dependencies: ['session', 'events'],
    decorators: { fastify: ['hubSender'] },
  },
)
