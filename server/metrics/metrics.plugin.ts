import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ErrorCode } from '@contract/errors'
import type { DatabaseHandle } from '../db/client'
import { dispatchLag } from '../events/event-health'
import { httpError } from '../errors/problem-error'
import { droppedLogLines } from '../plugins/log-output'
import { createMetrics, type MetricsRecorder } from './metrics'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsRecorder
  }
}

export interface MetricsPluginOptions {
  database: Pick<DatabaseHandle, 'poolStats' | 'db'>
  /** METRICS_TOKEN; null = no /metrics. */
  token: string | null
}

// Hashing both sides first gives equal lengths, so the comparison leaks neither length nor prefix.
function sameSecret(given: string, expected: string) {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function bearer(request: FastifyRequest) {
  const match = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '')
  return match?.[1] ?? null
}

/**
 * Prometheus metrics (docs/operations.md): recorded always (cheap), exposed at GET /metrics only
 * to `Authorization: Bearer $METRICS_TOKEN`. Without the variable the route does not exist for
 * anyone (404), so an operator never publishes it by accident. Register it first: its onResponse
 * hook times every route.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app: FastifyInstance, { database, token }) => {
    const metrics = createMetrics({
      // The hub is registered later (notifications plugin) and only on processes that host it.
      hub: () => (app.hasDecorator('hub') ? app.hub.stats() : null),
      database,
      // Read when scraped: a dispatcher that fell behind (or stopped) shows as a growing age.
      dispatchBacklogSeconds: async () => (await dispatchLag(database.db)) / 1000,
      // Decorated after this plugin (server/dashboard/), on every process role.
      dashboard: () => (app.hasDecorator('dashboard') ? app.dashboard : null),
      logLinesDropped: droppedLogLines,
      processMetrics: token !== null,
    })
    app.decorate('metrics', metrics as MetricsRecorder)

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the raw URL: one series per route, and no ids or tokens.
      const route = request.routeOptions.url ?? 'unmatched'
      metrics.observeRequest(
        { method: request.method, route, status: reply.statusCode },
        reply.elapsedTime / 1000,
      )
    })

    app.get(
      '/metrics',
      { schema: { hide: true }, config: { public: true } },
      async (request, reply) => {
        if (!token) throw httpError(404, ErrorCode.notFound, 'No route for GET /metrics.')
        const given = bearer(request)
        if (!given || !sameSecret(given, token)) {
          reply.header('WWW-Authenticate', 'Bearer realm="metrics"')
          throw httpError(401, ErrorCode.unauthorized, 'Metrics need the operator’s bearer token.')
        }
        reply.type(metrics.registry.contentType)
        return metrics.registry.metrics()
      },
    )
  },
  { name: 'metrics', dependencies: [] },
)
