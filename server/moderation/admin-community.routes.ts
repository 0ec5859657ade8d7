import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { CommunitySchema, UpdateCommunityBodySchema } from '@contract/community'
import type { Viewer } from '../auth/viewer'
import { saveCommunitySettings } from '../community/community.service'
import { recordAudit } from './audit-log'

/**
 * PUT /api/v1/admin/community (issue 38): an admin's partial update. The body's schema refuses
 * the whole update, naming each bad field, before anything is saved; a change is in the audit
 * log with who made it, in the same transaction.
 */
export function adminCommunityRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/v1/admin/community',
    {
      config: { requireRole: 'admin' },
      schema: {
        tags: ['admin'],
        body: UpdateCommunityBodySchema,
        response: { 200: CommunitySchema },
      },
    },
    async (request) => {
      const viewer = request.viewer as Viewer
      const at = app.deps.now()
      const settings = await app.deps.db.transaction(async (tx) => {
        const { settings, changed } = await saveCommunitySettings(tx, request.body, at)
        if (Object.keys(changed).length > 0)
          await recordAudit(tx, { actor: viewer, action: 'community_update', details: changed, at })
        return settings
      })
      app.community.forget()
      return settings
    },
  )
}
