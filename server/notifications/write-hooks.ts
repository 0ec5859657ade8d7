import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Viewer } from '../auth/viewer'
import type { Notifier } from './notifier'
import { onPrayerUpdate } from './prayer-update-events'
import { onTestimonyAmen, onTestimonyCreated } from './testimony-events'
import {
  onCommented,
  onCommentReaction,
  onIntentionReaction,
  onPrayed,
  onStatusChanged,
} from './wall-events'

interface Write {
  actor: Viewer
  params: Record<string, string>
  body: unknown
  answer: unknown
}
type Handler = (notifier: Notifier, write: Write) => Promise<void>

const Params = z.object({ id: z.string(), commentId: z.string().optional() })
const ReactionAnswer = z.object({ said_amen: z.boolean(), lighted_candle: z.boolean() })
const IntentionReactionBody = z.object({ kind: z.enum(['amen', 'candle']) })
const StatusAnswer = z.object({ status: z.string(), testimony_id: z.string().nullable() })
const CommentAnswer = z.object({ comment_id: z.string() })
const CommentReactionBody = z.object({ Reaction: z.enum(['like', 'amen']) })
const AddedAnswer = z.object({ Added: z.boolean() })
const TestimonyAnswer = z.object({ testimony_id: z.string() })
const UpdateAnswer = z.object({ update_id: z.string() })

const intentionId = (write: Write) => Params.parse(write.params).id

// Which successful writes raise what (issue 6). Keyed by route so the wall's services stay free
// of notification code; each handler re-reads what it needs, after the write's transaction.
const handlers: Record<string, Handler> = {
  'POST /api/v1/intentions/:id/pray': async (notifier, write) => {
    await notifier.publishCounters(intentionId(write))
    await onPrayed(notifier, write.actor, intentionId(write))
  },
  'POST /api/v1/intentions/:id/reactions': async (notifier, write) => {
    await notifier.publishCounters(intentionId(write))
    const { kind } = IntentionReactionBody.parse(write.body)
    const answer = ReactionAnswer.parse(write.answer)
    if (kind === 'amen' ? answer.said_amen : answer.lighted_candle)
      await onIntentionReaction(notifier, write.actor, intentionId(write), kind)
  },
  'PATCH /api/v1/intentions/:id/status': async (notifier, write) => {
    const answer = StatusAnswer.parse(write.answer)
    await onStatusChanged(notifier, write.actor, intentionId(write), answer.status)
    if (answer.testimony_id) await onTestimonyCreated(notifier, write.actor, answer.testimony_id)
  },
  'POST /api/v1/intentions/:id/comments': async (notifier, write) => {
    await notifier.publishCounters(intentionId(write))
    await onCommented(notifier, write.actor, CommentAnswer.parse(write.answer).comment_id)
  },
  'DELETE /api/v1/intentions/:id/comments/:commentId': (notifier, write) =>
    notifier.publishCounters(intentionId(write)),
  'POST /api/v1/intentions/:id/comments/:commentId/reactions': async (notifier, write) => {
    if (!AddedAnswer.parse(write.answer).Added) return
    const { commentId } = Params.parse(write.params)
    const { Reaction } = CommentReactionBody.parse(write.body)
    if (commentId) await onCommentReaction(notifier, write.actor, commentId, Reaction)
  },
  'POST /api/v1/intentions/:id/updates': (notifier, write) =>
    onPrayerUpdate(notifier, UpdateAnswer.parse(write.answer).update_id),
  'POST /api/v1/testimonies': (notifier, write) =>
    onTestimonyCreated(notifier, write.actor, TestimonyAnswer.parse(write.answer).testimony_id),
  'POST /api/v1/testimonies/:id/reactions': async (notifier, write) => {
    if (AddedAnswer.parse(write.answer).Added)
      await onTestimonyAmen(notifier, write.actor, intentionId(write))
  },
}

// Sessions that just ended must leave the hub too (every process re-checks its connections).
const sessionEnders = new Set(['POST /auth/logout', 'POST /auth/reset-password'])

/** Every route these hooks follow; a test holds each to a registered route, so none is renamed away. */
export const followedRoutes = [...Object.keys(handlers), ...sessionEnders]

function routeKey(request: FastifyRequest) {
  return `${request.method} ${request.routeOptions.url ?? ''}`
}

/**
 * Raises notifications and live counters after a successful write has answered its caller's
 * transaction (onSend runs once the handler's commit is done). A failure here is logged and
 * never fails the write (issue 6).
 */
export function installWriteHooks(app: FastifyInstance, notifier: Notifier) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300) return payload
    const key = routeKey(request)
    try {
      if (sessionEnders.has(key)) {
        await notifier.revalidateConnections()
        return payload
      }
      const handler = handlers[key]
      if (!handler || !request.viewer) return payload
      const answer: unknown = typeof payload === 'string' && payload ? JSON.parse(payload) : null
      await handler(notifier, {
        actor: request.viewer,
        params: request.params as Record<string, string>,
        body: request.body,
        answer,
      })
    } catch (error) {
      request.log.error({ err: error, route: key }, 'raising notifications failed')
    }
    return payload
  })
}
