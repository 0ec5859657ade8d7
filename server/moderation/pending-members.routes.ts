import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApprovedMemberSchema,
  PendingMembersPageSchema,
  PendingMembersQuerySchema,
} from '@contract/membership'
import { UserParamsSchema } from '@contract/moderation'
import type { Viewer } from '../auth/viewer'
import {
  approveMember,
  listPendingMembers,
  rejectMember,
  type PendingMembersContext,
} from './pending-members.service'

/**
 * Issue 38, join = "approval": moderators and admins let newcomers in, or refuse them, from a
 * queue (names fixed by the issue). Each decision is audited with who made it.
 */
export function pendingMembersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const config = { requireRole: 'moderator' } as const
  const tags = ['moderation']
  const context = (request: FastifyRequest): PendingMembersContext => ({
    db: app.deps.db,
    viewer: request.viewer as Viewer,
    now: app.deps.now(),
  })

  routes.get(
    '/api/v1/moderation/members/pending',
    {
      config,
      schema: {
        tags,
        summary: 'Members waiting for approval, longest wait first',
        querystring: PendingMembersQuerySchema,
        response: { 200: PendingMembersPageSchema },
      },
    },
    (request) => listPendingMembers(context(request), request.query),
  )

  routes.post(
    '/api/v1/moderation/members/:userId/approve',
    {
      config,
      schema: {
        tags,
        summary: 'Let a waiting member in; 409 when they are not waiting',
        params: UserParamsSchema,
        response: { 200: ApprovedMemberSchema },
      },
    },
    (request) => approveMember(context(request), request.params.userId),
  )

  routes.post(
    '/api/v1/moderation/members/:userId/reject',
    {
      config,
      schema: {
        tags,
        summary: 'Refuse a waiting member: the account is deleted; 409 when they are not waiting',
        params: UserParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await rejectMember(context(request), request.params.userId)
      return reply.status(204).send(null)
    },
  )
}
