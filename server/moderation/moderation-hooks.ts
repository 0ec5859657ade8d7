import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ModerationTargetType } from '@contract/moderation'
import { isModeratorViewer, type Viewer } from '../auth/viewer'
import { recordWallRemoval } from './moderation-actions.service'
import { alertModerators } from './moderation-notices'
import { flagCrisis, holdIfReportedEnough } from './moderation-signals'

const Params = z.object({ id: z.string().optional(), commentId: z.string().optional() })
const Support = z.object({ support: z.object({ message: z.string() }) })

type Pick = (params: z.infer<typeof Params>, answer: Record<string, unknown>) => unknown

// Which successful writes put an item in front of moderators, keyed by route like the
// notifications' write hooks, so the wall's services stay free of moderation code.
const reportRoutes: Record<string, { type: ModerationTargetType; id: Pick }> = {
  'POST /api/v1/intentions/:id/report': { type: 'intention', id: (params) => params.id },
  'POST /api/v1/intentions/:id/comments/:commentId/report': {
    type: 'comment',
    id: (params) => params.commentId,
  },
}

const crisisRoutes: Record<string, { type: ModerationTargetType; id: Pick }> = {
  'POST /api/v1/intentions': { type: 'intention', id: (_, answer) => answer.intention_id },
  'PATCH /api/v1/intentions/:id': { type: 'intention', id: (params) => params.id },
  'POST /api/v1/intentions/:id/comments': { type: 'comment', id: (_, answer) => answer.comment_id },
  'PATCH /api/v1/intentions/:id/comments/:commentId': {
    type: 'comment',
    id: (params) => params.commentId,
  },
  'POST /api/v1/testimonies': { type: 'testimony', id: (_, answer) => answer.testimony_id },
  'PATCH /api/v1/intentions/:id/status': {
    type: 'testimony',
    id: (_, answer) => answer.testimony_id,
  },
}

// A moderator's Delete on the wall is a removal (the author's own is a hard delete).
const wallRemovalRoutes: Record<string, { type: ModerationTargetType; id: Pick }> = {
  'DELETE /api/v1/intentions/:id': { type: 'intention', id: (params) => params.id },
  'DELETE /api/v1/intentions/:id/comments/:commentId': {
    type: 'comment',
    id: (params) => params.commentId,
  },
}

/** Every route these hooks follow; a test holds each to a registered route. */
export const followedRoutes = [
  ...Object.keys(reportRoutes),
  ...Object.keys(crisisRoutes),
  ...Object.keys(wallRemovalRoutes),
]

function routeKey(request: FastifyRequest) {
  return `${request.method} ${request.routeOptions.url ?? ''}`
}

/**
 * After a report: auto-hold at the threshold. After a write whose answer carries the support
 * block: an urgent queue item and a live alert to every moderator. After a moderator's Delete
 * on the wall: the removal's reports close and the audit log records it. Runs once the write has
 * answered (onSend); a failure is logged and never fails the member's write.
 */
export function installModerationHooks(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300) return payload
    const key = routeKey(request)
    const report = reportRoutes[key]
    const crisis = crisisRoutes[key]
    const wallRemoval = isModeratorViewer(request.viewer) ? wallRemovalRoutes[key] : undefined
    if (!report && !crisis && !wallRemoval) return payload
    try {
      const params = Params.parse(request.params)
      const { db, now, config } = app.deps
      if (report) {
        const id = report.id(params, {})
        if (typeof id === 'string')
          await holdIfReportedEnough(
            db,
            { type: report.type, id },
            { threshold: config.reportHoldThreshold, now: now() },
          )
      }
      if (wallRemoval) {
        const id = wallRemoval.id(params, {})
        const viewer = request.viewer as Viewer
        if (typeof id === 'string')
          await recordWallRemoval({ db, viewer, now: now() }, wallRemoval.type, id)
      }
      if (crisis && typeof payload === 'string' && payload) {
        const answer = JSON.parse(payload) as Record<string, unknown>
        const id = crisis.id(params, answer)
        if (Support.safeParse(answer).success && typeof id === 'string') {
          const flagged = await flagCrisis(db, { type: crisis.type, id }, now())
          if (flagged) await alertModerators(app.notifier, { type: crisis.type, id, ...flagged })
        }
      }
    } catch (error) {
      request.log.error({ err: error, route: key }, 'moderation follow-up failed')
    }
    return payload
  })
}
