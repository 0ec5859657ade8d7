import fastifyCookie from '@fastify/cookie'
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { DatabaseHandle } from './db/client'
import { scopedDatabase } from './db/scoped-database'
import { fastifyTrustProxy } from './config-trust-proxy'
import { authMailSubscriber } from './auth/auth-mail.subscriber'
import { authRoutes } from './auth/auth.routes'
import { hubAuthenticate } from './auth/hub-authenticate'
import { emailChangeSubscriber } from './auth/email-change.subscriber'
import { installCsrfGuard } from './auth/csrf'
import { metricsPlugin } from './metrics/metrics.plugin'
import { sessionPlugin } from './auth/session.plugin'
import { socialSignInRoutes } from './auth/social/social.routes'
import { commentsRoutes } from './comments/comments.routes'
import { dashboardRoutes, installDashboard } from './dashboard/dashboard.routes'
import { communityRoutes } from './community/community.routes'
import { communityFor } from './community/community.service'
import { communityLogoRoutes } from './community/community-logo.routes'
import { createCommunitySettings } from './community/community-settings'
import { createCommunityIcons } from './community/community-icons'
import { groupsRoutes } from './groups/groups.routes'
import { healthRoutes } from './health/health.routes'
import { idempotencyPlugin } from './idempotency/idempotency.plugin'
import { intentionReactionsRoutes } from './intentions/intention-reactions.routes'
import { createFeedCache } from './intentions/feed-changes'
import { memberMaySee } from './intentions/intention-reads'
import { intentionsRoutes } from './intentions/intentions.routes'
import { mailPlugin } from './mail/mail.plugin'
import { digestsPlugin } from './digests/digests.plugin'
import { devJobsRoutes } from './events/dev-jobs.routes'
import { notificationsPlugin } from './notifications/notifications.plugin'
import { notificationSettingsRoutes } from './notifications/notification-settings.routes'
import { prayerListRoutes } from './prayer-list/prayer-list.routes'
import { notificationsRoutes } from './notifications/notifications.routes'
import { createContentPolicy } from './content-policy/content-policy'
import { sessionCookieName } from './auth/session-cookie'
import { eventsPlugin } from './events/events.plugin'
import { moderationRoutes } from './moderation/moderation.routes'
import { installMemberData } from './member-data/member-data.plugin'
import { moderationSubscriber } from './moderation/moderation.subscriber'
import { publishRule } from './moderation/publish-rule'
import { registerClientApp } from './plugins/client-app'
import { registerCors } from './plugins/cors'
import { decorateDependencies } from './plugins/dependencies'
import { installNotFound } from './plugins/not-found'
import { openApiRoute, registerOpenApi } from './plugins/openapi'
import { installDraining } from './plugins/draining'
import { installDatabaseOutage } from './plugins/database-outage'
import { answerFrameworkError, installProblemDetails } from './plugins/problem-details'
import { installProblemLanguage } from './i18n/problem-language'
import { savedLanguage } from './users/language-setting'
import { logSerializers } from './plugins/logger'
import { installRequestLog, requestId } from './plugins/request-log'
import { installZodMessages } from './plugins/zod-messages'
import { registerSecurityHeaders } from './plugins/security-headers'
import { registerRateLimit } from './rate-limit/rate-limit.plugin'
import type { Backplane } from './realtime/backplane'
import { configuredBackplane } from './realtime/configured-backplane'
import { createHubSender } from './realtime/hub-sender'
import { realtimePlugin } from './realtime/realtime.plugin'
import { tagsRoutes } from './intentions/tags.routes'
import { searchRoutes } from './search/search.routes'
import { syncRoutes } from './sync/sync.routes'
import { intentionTestimonies } from './testimonies/intention-testimonies'
import { testimoniesRoutes } from './testimonies/testimonies.routes'
import { adminUsersRoutes } from './moderation/admin-users.routes'
import { adminCommunityRoutes } from './moderation/admin-community.routes'
import { adminInvitesRoutes } from './moderation/admin-invites.routes'
import { adminCommunityLogoRoutes } from './moderation/admin-community-logo.routes'
import { pendingMembersRoutes } from './moderation/pending-members.routes'
import { pendingMembersSubscriber } from './moderation/pending-members.subscriber'
import { profileRoutes } from './auth/profile.routes'
import { createRoomHub } from './rooms/room-hub'
import { roomGroup } from './rooms/room-presence'
import { roomsRoutes } from './rooms/rooms.routes'
import { roomsLiveSubscriber } from './rooms/rooms-live.subscriber'
import './plugins/route-config'

export interface BuildAppOptions {
  config: Config
  database: DatabaseHandle
  /** A shared pino logger (main.ts: plugins/logger.ts); otherwise Fastify makes one like it. */
  logger?: FastifyBaseLogger
  now?: () => Date
  /** The built client (dist/client); null or missing = API only, as in most tests. */
  clientDir?: string | null
  /** The hub's backplane, owned by the caller; default: from config (Redis or in-process), closed with the app. */
  backplane?: Backplane
  /** Waits before each retry of a failed subscriber (default: dispatcher.ts); tests shorten them. */
  eventRetryDelaysMs?: readonly number[]
}

/** Builds the whole server without listening: main.ts listens, tests call `inject`. */
export async function buildApp({
  config,
  database,
  logger,
  now = () => new Date(),
  clientDir = null,
  backplane,
  eventRetryDelaysMs,
}: BuildAppOptions) {
  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger }
      : { logger: { level: config.logLevel, serializers: logSerializers } }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: answerFrameworkError,
    // One line per request with an id a proxy may pass in (plugins/request-log.ts).
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: true }),
    // plugins/draining.ts answers with Retry-After instead.
    return503OnClosing: false,
  })
  installZodMessages()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // 1. Infrastructure: request log and metrics (they time everything after them), shutdown,
  // headers, cookies, errors, CORS, the API description.
  installRequestLog(app)
  await app.register(metricsPlugin, { database, token: config.metricsToken })
  installDraining(app)
  registerSecurityHeaders(app, config, clientDir)
  await app.register(fastifyCookie)
  // Issue 44: a database outage answers 503 (a full disk 507), logged once.
  installDatabaseOutage(app, database)
  installProblemDetails(app)
  // Issue 42: a problem's words in the asker's language.
  installProblemLanguage(app, (userId) => savedLanguage(app.deps.db, userId))
  await registerCors(app, config)
  await registerOpenApi(app, sessionCookieName(config))

  // 2. Services shared by every capability. The database follows a sync batch's transaction
  // into the routes its entries run (db/scoped-database.ts).
  decorateDependencies(app, {
    config,
    db: scopedDatabase(database.db),
    now,
    contentPolicy: createContentPolicy(),
  })
  installCsrfGuard(app)
  await app.register(sessionPlugin, { database })
  // The community's settings (issue 38), kept per process: pages, mail and pushes carry them.
  const community = await createCommunitySettings(app, database)
  const communityIcons = await createCommunityIcons(app, database)
  // The dashboard's figures (issue 38), weeks on the community's clock; /metrics reads them too.
  installDashboard(app, {
    db: database.db,
    now,
    timeZone: async () => (await community.read()).time_zone,
  })
  await app.register(idempotencyPlugin)
  await registerRateLimit(app)
  await app.register(mailPlugin, {
    communityName: async () => (await community.read()).name,
  })
  // Domain events' dispatcher, then its subscribers: every role registers all of them, since
  // any process may deliver any event (docs/events.md).
  await app.register(eventsPlugin, { database, retryDelaysMs: eventRetryDelaysMs })
  // The hub (DESIGN §7, realtime/): `all` and `notifications` host it, with auth's sessions,
  // the wall's canWatch and the rooms' methods (issue 21); `api` only publishes through the
  // backplane to the process that does. Rooms and notifications get it as app.hub/app.hubSender.
  const hubBackplane = backplane ?? configuredBackplane(config.redisUrl, app.log)
  if (!backplane) app.addHook('onClose', () => hubBackplane.close())
  const hostsHub = config.serverRole !== 'api'
  const roomHub = createRoomHub({ db: database.db, now, log: app.log })
  if (hostsHub) {
    await app.register(realtimePlugin, {
      backplane: hubBackplane,
      authenticate: hubAuthenticate(app.deps),
      // The wall's own rule: public wall, or a private group the member is in; not removed.
      canWatch: (userId, intentionId) => memberMaySee(app.deps.db, userId, intentionId),
      methods: roomHub.methods,
      allowedOrigins: [config.publicUrl, config.notificationsUrl].map((url) => new URL(url).origin),
    })
    roomHub.attach(app.hub)
  }
  app.decorate('hubSender', hostsHub ? app.hub : createHubSender(hubBackplane))
  await app.register(notificationsPlugin, {
    notificationIcon: async () => (await communityIcons.read()).notificationIcon,
  })
  app.addHook('onClose', async () => roomHub.stop())
  // Issue 46: digests, activity and reminders by mail, one-click unsubscribe, the bounce webhook.
  await app.register(digestsPlugin, { servesApi: config.serverRole !== 'notifications' })
  // Issue 46: POST /__dev/jobs/{name}/run runs a scheduled job at once, outside production only.
  if (config.appEnv !== 'production') devJobsRoutes(app)
  app.events.subscribe(moderationSubscriber({ ...app.deps, notifier: app.notifier }))
  app.events.subscribe(roomsLiveSubscriber(app.hubSender))
  app.events.subscribe(emailChangeSubscriber(app))
  app.events.subscribe(authMailSubscriber(app))
  app.events.subscribe(pendingMembersSubscriber(app, app.notifier))
  // Issue 40: a member's data archive (its calls where the API is served).
  installMemberData(app, { servesApi: config.serverRole !== 'notifications' })

  // 3. Routes. SERVER_ROLE=notifications serves only its calls and the hub (plus health).
  healthRoutes(app, database)
  communityRoutes(app, community)
  communityLogoRoutes(app, communityIcons)
  notificationsRoutes(app)
  if (config.serverRole !== 'notifications') {
    moderationRoutes(app)
    openApiRoute(app)
    socialSignInRoutes(app)
    authRoutes(app)
    profileRoutes(app)
    notificationSettingsRoutes(app)
    prayerListRoutes(app, { testimonies: intentionTestimonies })
    adminUsersRoutes(app)
    pendingMembersRoutes(app)
    dashboardRoutes(app)
    adminCommunityRoutes(app)
    adminInvitesRoutes(app)
    adminCommunityLogoRoutes(app, community, communityIcons)
    // The community's publish rule (issue 38): moderation's, handed to the wall's writes.
    const publishHold = publishRule(community)
    intentionsRoutes(app, {
      testimonies: intentionTestimonies,
      publishHold,
      feedCache: await createFeedCache(app, database),
    })
    intentionReactionsRoutes(app)
    groupsRoutes(app)
    tagsRoutes(app)
    commentsRoutes(app, { publishHold })
    testimoniesRoutes(app, { publishHold })
    searchRoutes(app, { testimonies: intentionTestimonies })
    roomsRoutes(app, {
      roster: (roomId) => (hostsHub ? app.hub.roster(roomGroup(roomId)) : []),
    })
    syncRoutes(app)
  }
  installNotFound(
    app,
    await registerClientApp(app, clientDir, async () => ({
      ...communityFor(await community.read(), false),
      icons: await communityIcons.read(),
    })),
  )

  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
