import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  RolesBodySchema,
  RolesSchema,
  UserParamsSchema,
} from '@contract/moderation'
import type { Viewer } from '../auth/viewer'
import { listUsersForAdmin, setGrantableRoles } from './admin-users.service'

/** Admins find members and grant or revoke the moderator (issue 8) and room_leader (issue 21) roles. */
export function adminUsersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const config = { requireRole: 'admin' } as const
  const tags = ['admin']

  routes.get(
    '/api/v1/admin/users',
    {
      config,
      schema: { tags, querystring: AdminUsersQuerySchema, response: { 200: AdminUsersPageSchema } },
    },
    (request) => listUsersForAdmin(app.deps.db, request.query),
  )

  routes.put(
    '/api/v1/admin/users/:userId/roles',
    {
      config,
      schema: {
        tags,
        params: UserParamsSchema,
        body: RolesBodySchema,
        response: { 200: RolesSchema },
      },
    },
    (request) =>
      setGrantableRoles(
        { db: app.deps.db, viewer: request.viewer as Viewer, now: app.deps.now() },
        request.params.userId,
        request.body,
      ),
  )
}
