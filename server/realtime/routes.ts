import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCode } from '@contract/errors'
import { problem, sendProblem } from '../plugins/problem-details'
import { authRequest, type HubAuthenticate, type HubRefusal } from './auth'
import type { HubConnection } from './connection'
import type { HubRuntime } from './hub'
import { negotiateResponse, negotiateVersion, queryValue } from './negotiate'
import { LongPollingSink, NO_CACHE_HEADERS } from './transports/long-polling'
import { openEventStream } from './transports/server-sent-events'
import { outageKind } from '../db/outage'

interface RouteOptions {
  hub: HubRuntime
  path: string
  authenticate: HubAuthenticate
  now: () => number
  pollTimeoutMs?: number
}

// A client batches records into one POST; a megabyte is far beyond any of ours.
const POST_BODY_LIMIT = 1 << 20

const emptyOk = (reply: FastifyReply): FastifyReply =>
  reply.code(200).type('text/plain; charset=utf-8').send('')

// Refusals are problem details like every other of the server's (issue 14). The SignalR client
// reads only their status, which stays .NET's; `detail` keeps .NET's words.
const HUB_ERROR_CODES: Record<number, string> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  405: ErrorCode.methodNotAllowed,
  409: ErrorCode.conflict,
}
const refuse = (reply: FastifyReply, status: number, detail: string): FastifyReply =>
  sendProblem(reply, problem(status, HUB_ERROR_CODES[status] ?? ErrorCode.badRequest, detail))
const forbid = (reply: FastifyReply, { refused }: HubRefusal): FastifyReply =>
  sendProblem(reply, problem(403, refused.code, refused.detail))

// HttpConnectionDispatcher's routes: negotiate, then GET (SSE stream or long poll), POST (client
// to server for SSE and long polling) and DELETE (long polling stop) on `?id=<token>`.
// Status codes follow .NET (notes §2) because the client's messages depend on them.
export async function hubRoutes(app: FastifyInstance, options: RouteOptions): Promise<void> {
  const { hub, path, authenticate, now } = options

  const lookup = (request: FastifyRequest, reply: FastifyReply): HubConnection | null => {
    const token = queryValue(request.url, 'id')
    if (token === undefined) return (refuse(reply, 400, 'Connection ID required'), null)
    const connection = hub.find(token)
    if (!connection) return (refuse(reply, 404, 'No Connection with that ID'), null)
    return connection
  }
  // Every request re-checks the session cookie and that it is still the connection's user (notes §5).
  const authorized = async (
    request: FastifyRequest,
    reply: FastifyReply,
    connection: HubConnection,
  ) => {
    let user
    try {
      user = await authenticate(authRequest(request.headers))
    } catch (error) {
      // Issue 44: nothing changes a session while the database is away (a sign-out is a
      // write), so an open connection keeps polling instead of every long-polling member
      // losing live updates for the outage and the reconnect delays after it.
      if (outageKind(error)) return true
      throw error
    }
    if (!user) return (refuse(reply, 401, 'Unauthorized'), false)
    if ('refused' in user) return (forbid(reply, user), false)
    if (connection.userId !== user.userId) return (refuse(reply, 403, 'Forbidden'), false)
    return true
  }
  const connectionOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<HubConnection | null> => {
    const connection = lookup(request, reply)
    return connection && (await authorized(request, reply, connection)) ? connection : null
  }

  // Any content type: the client posts `text/plain;charset=UTF-8`, older ones other types.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: POST_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )

  app.post(`${path}/negotiate`, async (request, reply) => {
    const user = await authenticate(authRequest(request.headers))
    if (!user) return refuse(reply, 401, 'Unauthorized')
    if ('refused' in user) return forbid(reply, user)
    const version = negotiateVersion(queryValue(request.url, 'negotiateVersion'))
    if (!version.ok) return reply.code(200).send({ error: version.error })
    const connection = hub.open(
      user.userId,
      request.headers.cookie ?? '',
      version.version,
      request.id,
    )
    connection.secondFactor = user.secondFactor === true
    return reply
      .header('Cache-Control', 'no-cache, no-store')
      .send(negotiateResponse(version.version, connection))
  })

  // No automatic HEAD route: a HEAD must not open a stream or start a poll.
  app.get(path, { exposeHeadRoute: false }, async (request, reply) => {
    const connection = await connectionOf(request, reply)
    if (!connection) return reply
    const wantsEvents = (request.headers.accept ?? '').includes('text/event-stream')
    const transport = connection.transport
    if (transport && transport.name !== (wantsEvents ? 'ServerSentEvents' : 'LongPolling')) {
      return refuse(
        reply,
        transport.name === 'ServerSentEvents' && wantsEvents ? 409 : 400,
        'Cannot change transports',
      )
    }
    if (wantsEvents && transport) return refuse(reply, 409, 'An SSE stream is already open')
    if (connection.state === 'closed') return refuse(reply, 404, 'No Connection with that ID')

    connection.cookie = request.headers.cookie ?? ''
    reply.hijack()
    const response = reply.raw
    if (wantsEvents) {
      hub.activate(connection, openEventStream(response))
      response.once('close', () => hub.close(connection))
    } else if (!transport) {
      hub.activate(connection, LongPollingSink.activate(response, now, options.pollTimeoutMs))
    } else (transport as LongPollingSink).addPoll(response)
    return reply
  })

  app.post(path, { bodyLimit: POST_BODY_LIMIT }, async (request, reply) => {
    const connection = lookup(request, reply)
    if (!connection) return reply
    if (connection.transport?.name === 'WebSockets') {
      return refuse(reply, 405, 'POST requests are not allowed on WebSocket connections.')
    }
    if (!connection.transport)
      return refuse(reply, 400, 'The connection has not started a transport.')
    // One POST at a time per connection, so records are processed in the order sent (notes §2).
    if (connection.posting) return refuse(reply, 409, 'Another POST is in progress.')
    connection.posting = true
    try {
      if (!(await authorized(request, reply, connection))) return reply
      hub.receive(connection, typeof request.body === 'string' ? request.body : '')
    } finally {
      connection.posting = false
    }
    return emptyOk(reply)
  })

  app.delete(path, async (request, reply) => {
    const connection = await connectionOf(request, reply)
    if (!connection) return reply
    if (connection.transport?.name !== 'LongPolling') {
      return refuse(reply, 400, 'Cannot terminate this connection using the DELETE endpoint.')
    }
    hub.close(connection)
    return reply.code(202).headers(NO_CACHE_HEADERS).type('text/plain').send('')
  })
}
