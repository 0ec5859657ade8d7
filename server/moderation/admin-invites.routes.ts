import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorCode } from '@contract/errors'
import {
  CreatedInviteSchema,
  CreateInviteBodySchema,
  InviteIdParamsSchema,
  InviteListSchema,
  InviteSchema,
} from '@contract/invites'
import type { Viewer } from '../auth/viewer'
import {
  createInvite,
  getInvite,
  inviteUrl,
  listInvites,
  revokeInvite,
} from '../community/invites.service'
import { httpError } from '../errors/problem-error'
import { recordAudit } from './audit-log'

const NOT_FOUND = 'This invite link does not exist.'

/**
 * Invite links of an invite-only community (issue 38): admins and moderators create, list and
 * revoke them; each change is in the audit log with who made it, in the same transaction. The
 * code is answered once, at creation, and is never in the audit log or any log line.
 */
export function adminInvitesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { db, now, config } = app.deps

  routes.post(
    '/api/v1/admin/invites',
    {
      config: { requireRole: 'moderator' },
      schema: {
        tags: ['admin'],
        body: CreateInviteBodySchema,
        response: { 201: CreatedInviteSchema },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as Viewer
      const at = now()
      const { expires_at, max_uses } = request.body
      const { row, code } = await db.transaction(async (tx) => {
        const created = await createInvite(tx, {
          createdBy: viewer.userId,
          expiresAt: expires_at === null ? null : new Date(expires_at),
          maxUses: max_uses,
          now: at,
        })
        await recordAudit(tx, {
          actor: viewer,
          action: 'invite_create',
          target: { type: 'invite', id: created.row.id },
          details: { expires_at, max_uses, code_hint: created.row.codeHint },
          at,
        })
        return created
      })
      reply.header('cache-control', 'no-store')
      return reply
        .status(201)
        .send({ invite_id: row.id, code, url: inviteUrl(config.publicUrl, code) })
    },
  )

  routes.get(
    '/api/v1/admin/invites',
    {
      config: { requireRole: 'moderator' },
      schema: { tags: ['admin'], response: { 200: InviteListSchema } },
    },
    async () => ({ items: await listInvites(db, now()) }),
  )

  routes.get(
    '/api/v1/admin/invites/:id',
    {
      config: { requireRole: 'moderator' },
      schema: { tags: ['admin'], params: InviteIdParamsSchema, response: { 200: InviteSchema } },
    },
    async (request) => {
      const invite = await getInvite(db, request.params.id, now())
      if (!invite) throw httpError(404, ErrorCode.notFound, NOT_FOUND)
      return invite
    },
  )

  routes.delete(
    '/api/v1/admin/invites/:id',
    {
      config: { requireRole: 'moderator' },
      schema: { tags: ['admin'], params: InviteIdParamsSchema, response: { 200: InviteSchema } },
    },
    async (request) => {
      const viewer = request.viewer as Viewer
      const at = now()
      const { id } = request.params
      // Revoking a revoked link changes nothing and answers it as it is: a repeat is harmless.
      await db.transaction(async (tx) => {
        if (await revokeInvite(tx, id, at))
          await recordAudit(tx, {
            actor: viewer,
            action: 'invite_revoke',
            target: { type: 'invite', id },
            at,
          })
      })
      const invite = await getInvite(db, id, at)
      if (!invite) throw httpError(404, ErrorCode.notFound, NOT_FOUND)
      return invite
    },
  )
}
