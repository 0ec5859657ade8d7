import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

// A proxy's id (nginx `$request_id`, a load balancer's X-Request-Id) is kept so one id follows a
// request through the proxy's log and ours; anything else a client sends is replaced, so a
// header cannot smuggle text into the log.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

export const REQUEST_ID_HEADER = 'x-request-id'

export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}

/**
 * One JSON line per request (Fastify's own two lines are off): the route pattern and the path
 * without its query string, because query strings and some paths carry tokens (verification
 * links, the hub's connection token); bodies and emails are never logged. The id is echoed so a
 * member's report can be matched to the line.
 */
export function installRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url
    request.log.info(
      {
        method: request.method,
        route: route ?? null,
        path: route ? undefined : request.url.split('?')[0]?.slice(0, 200),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    )
  })
}
