import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorCode } from '@contract/errors'
import type { DatabaseHandle } from '../db/client'
import { outageKind } from '../db/outage'
import { httpError } from '../errors/problem-error'

const HealthSchema = z.object({ status: z.literal('ok') })

/**
 * /healthz: the process is alive (never touches the database, so a database outage does not get
 * the process restarted). /readyz: it can serve, i.e. the database answers.
 */
export function healthRoutes(app: FastifyInstance, database: Pick<DatabaseHandle, 'ping'>) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const schema = { hide: true, response: { 200: HealthSchema } }
  routes.get('/healthz', { schema, config: { public: true } }, () => ({ status: 'ok' as const }))
  routes.get('/readyz', { schema, config: { public: true } }, async (request) => {
    try {
      await database.ping()
    } catch (error) {
      // An outage is logged once by its monitor, not at every probe of a load balancer.
      const kind = outageKind(error)
      // A saturated pool (db/busy-pool.ts) is no outage: the database answers. Taking this
      // process out of rotation would pile its members onto the others.
      if (kind === 'busy') return { status: 'ok' as const }
      if (kind) app.databaseOutage.report(kind, error)
      else request.log.warn({ err: error }, 'readiness check failed')
      throw httpError(503, ErrorCode.notReady, 'The database is not answering.')
    }
    return { status: 'ok' as const }
  })
}
