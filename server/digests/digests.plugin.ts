import fp from 'fastify-plugin'
import { scheduleJob } from '../events/scheduled-jobs'
import { dailyDigestJob, weeklyDigestJob } from './digest-jobs'
import { digestMailSubscriber } from './digest-mail.subscriber'
import { createMailContext } from './mail-context'
import { mailBouncesRoutes } from './mail-bounces.routes'
import { notificationMailSubscriber } from './notification-mail.subscriber'
import { unsubscribeRoutes } from './unsubscribe.routes'

/**
 * Issue 46 (docs/mail.md): mail for members who never open the app. The daily and weekly
 * digests as scheduled jobs and their mail as a subscriber, activity and reminders by mail as a
 * subscriber to the notifications raised, in every role (any process may deliver an event);
 * the unsubscribe link and the bounce webhook where the API is served.
 */
export const digestsPlugin = fp<{ servesApi: boolean }>(
  async (app, { servesApi }) => {
    const { config, db, now } = app.deps
    const context = createMailContext(app)
    app.events.subscribe(digestMailSubscriber(app, context))
    app.events.subscribe(notificationMailSubscriber(app, context))
    const schedule = {
      db,
      now,
      log: app.log,
      tick: config.appEnv !== 'test',
      track: app.metrics.trackJob,
    }
    const stops = [
      scheduleJob(app.events, schedule, dailyDigestJob(context)),
      scheduleJob(app.events, schedule, weeklyDigestJob(context)),
    ]
    app.addHook('onClose', async () => {
      for (const stop of stops) stop()
    })
    if (servesApi) {
      unsubscribeRoutes(app, context)
      mailBouncesRoutes(app)
    }
  },
  { name: 'digests', dependencies: ['notifications', 'mail', 'events'] },
)
