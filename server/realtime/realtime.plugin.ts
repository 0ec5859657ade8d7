import fp from 'fastify-plugin'
import { HUB_KEEP_ALIVE_MS, HUB_PATH, HUB_SERVER_TIMEOUT_MS } from '@contract/hub'
import type { HubAuthenticate } from './auth'
import type { Backplane } from './backplane'
import { createHub } from './hub'
import type { Hub, HubMethodHandler } from './hub-api'
import type { CanWatch } from './intention-methods'
import { hubRoutes } from './routes'
import { createWebSocketUpgrade } from './transports/websockets'

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub
  }
}

export interface RealtimePluginOptions {
  path?: string
  /** Maps a request's session cookie to its user; null answers 401 (notes §5). */
  authenticate: HubAuthenticate
  /** Owned by the caller, who closes it after the app (the plugin only subscribes). */
  backplane: Backplane
  keepAliveMs?: number
  clientTimeoutMs?: number
  /** Extra client-invoked methods; they may replace the built-in ones of the same name. */
  methods?: Record<string, HubMethodHandler>
  canWatch?: CanWatch
  /** Browser origins allowed to open the WebSocket besides the hub's own host (notes §7). */
  allowedOrigins?: readonly string[]
  /** Re-check every connection's session this often (default 5 min; 0: only on revalidate()). */
  revalidateEveryMs?: number
  /** How long a long poll is held (default 90 s); tests shorten it. */
  pollTimeoutMs?: number
  now?: () => number
}

/**
 * The SignalR hub (DESIGN §7): negotiate, WebSockets, SSE and long polling on `path`, and
 * `fastify.hub` to send events. SSE and long polling keep state in this process: several
 * processes behind a load balancer need sticky sessions (docs/realtime.md).
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app, options) => {
    const path = (options.path ?? HUB_PATH).replace(/\/$/, '')
    const now = options.now ?? Date.now
    // `component`: tests fail on this logger's errors (tests/helpers/logged-errors.ts).
    const logger = app.log.child({ component: 'hub' })
    const hub = createHub({
      backplane: options.backplane,
      authenticate: options.authenticate,
      methods: options.methods ?? {},
      canWatch: options.canWatch,
      logger,
      // The client's own timeout is twice its server's keep-alive by default (notes §4).
      keepAliveMs: options.keepAliveMs ?? HUB_KEEP_ALIVE_MS,
      clientTimeoutMs: options.clientTimeoutMs ?? HUB_SERVER_TIMEOUT_MS,
      revalidateEveryMs: options.revalidateEveryMs ?? 5 * 60_000,
      now,
    })
    app.decorate('hub', hub as Hub)

    // Encapsulated: the catch-all body parser of the hub's POST must not leak into the app.
    await app.register(hubRoutes, {
      hub,
      path,
      authenticate: options.authenticate,
      now,
      pollTimeoutMs: options.pollTimeoutMs,
    })

    const websockets = createWebSocketUpgrade({
      hub,
      path,
      authenticate: options.authenticate,
      allowedOrigins: options.allowedOrigins ?? [],
      logger,
    })
    app.server.on('upgrade', websockets.onUpgrade)
    hub.start()

    // Before the server stops listening: open streams, polls and sockets would keep it waiting.
    app.addHook('preClose', async () => {
      app.server.off('upgrade', websockets.onUpgrade)
      await hub.stop()
      websockets.close()
    })
  },
  { name: 'realtime', fastify: '5.x' },
)
