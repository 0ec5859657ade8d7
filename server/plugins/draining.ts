import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '@contract/errors'
import { problem, sendProblem } from './problem-details'

// Long enough for the proxy to route the retry to another process, short for a member.
const RETRY_AFTER_SECONDS = 2

/**
 * During shutdown (docs/operations.md): requests that arrive after SIGTERM on connections kept
 * alive are answered 503 with Retry-After, and the connection is closed so the client (and the
 * proxy) picks another process. The client's outbox replays such writes with their
 * Idempotency-Keys. Replaces Fastify's own 503, which has no Retry-After and no problem body.
 */
export function installDraining(app: FastifyInstance) {
  let draining = false
  app.addHook('preClose', async () => {
    draining = true
  })
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Connection', 'close')
    // Answered here, not thrown: a planned restart is not an error for the log.
    return sendProblem(
      reply,
      problem(503, ErrorCode.notReady, 'This server is restarting; try again in a moment.'),
    )
  })
  // Requests that were running when the signal came: their keep-alive connection closes after
  // the answer. server.close() only ends connections idle at that moment, and a client's
  // connection kept alive afterwards would hold the shutdown for the whole keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close')
  })
}
