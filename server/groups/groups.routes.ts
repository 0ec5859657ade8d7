import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreateGroupBodySchema,
  GroupMembersResponseSchema,
  GroupSchema,
  JoinGroupBodySchema,
  MyGroupsResponseSchema,
} from '@contract/groups'
import { READ, WRITE, readContext, writeContext } from '../auth/route-context'
import { createGroup, groupMembers, joinGroup, leaveGroup, myGroups } from './groups.service'

const GroupParamsSchema = z.object({ id: z.uuid() })

// Invite codes are the only key to a private group: a member may try a few wrong ones (typos),
// not guess through the code space.
export const JOIN_ATTEMPTS_PER_WINDOW = 10
const JOIN_LIMIT = {
  max: JOIN_ATTEMPTS_PER_WINDOW,
  timeWindow: 15 * 60 * 1000,
  keyGenerator: (request: FastifyRequest) => `groups-join:${request.viewer?.userId ?? request.ip}`,
}

/** Private groups (DESIGN §4, calls the spec does not show). */
export function groupsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['groups']

  routes.post(
    '/api/v1/groups',
    {
      config: WRITE,
      schema: { tags, body: CreateGroupBodySchema, response: { 201: GroupSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createGroup(writeContext(app, request), request.body)),
  )

  routes.post(
    '/api/v1/groups/join',
    {
      config: { ...WRITE, rateLimit: JOIN_LIMIT },
      schema: { tags, body: JoinGroupBodySchema, response: { 200: GroupSchema } },
    },
    (request) => joinGroup(writeContext(app, request), request.body.code),
  )

  routes.get(
    '/api/v1/groups/mine',
    { config: READ, schema: { tags, response: { 200: MyGroupsResponseSchema } } },
    (request) => myGroups(readContext(app, request)),
  )

  routes.get(
    '/api/v1/groups/:id/members',
    {
      config: READ,
      schema: { tags, params: GroupParamsSchema, response: { 200: GroupMembersResponseSchema } },
    },
    (request) => groupMembers(readContext(app, request), request.params.id),
  )

  // Leaving needs no verified email and works while suspended: nobody is kept in a group.
  routes.delete(
    '/api/v1/groups/:id/members/me',
    { config: READ, schema: { tags, params: GroupParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await leaveGroup(readContext(app, request), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
