import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ReportBodySchema } from '@contract/reports'
import {
  AddRoomIntentionBodySchema,
  CreateRoomBodySchema,
  RoomDetailSchema,
  RoomIntentionSchema,
  RoomListSchema,
  RoomMembersSchema,
  RoomSchema,
} from '@contract/rooms'
import { READ, WRITE, readContext, writeContext } from '../auth/route-context'
import type { RoomRoster } from './room-presence'
import {
  addRoomIntention,
  closeRoom,
  createRoom,
  listRooms,
  remindMe,
  removeFromRoom,
  reportRoom,
  roomDetail,
  roomMembers,
  stopReminding,
} from './rooms.service'

const RoomParamsSchema = z.object({ id: z.uuid() })
const MemberParamsSchema = RoomParamsSchema.extend({ userId: z.uuid() })

export interface RoomsRoutesOptions {
  /** Who is in a room: the hub's roster where this process hosts it. */
  roster: RoomRoster
}

/** Issue 21: prayer rooms. Names and shapes are the (contract/rooms.ts). */
export function roomsRoutes(app: FastifyInstance, { roster }: RoomsRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['rooms']
  const read = (request: FastifyRequest) => ({ ...readContext(app, request), roster })
  const write = (request: FastifyRequest) => ({ ...writeContext(app, request), roster })

  routes.get(
    '/api/v1/rooms',
    {
      config: READ,
      schema: {
        tags,
        description:
          'Live and upcoming rooms the member may see (public ones and their groups’), their own (made or reminded) first.',
        response: { 200: RoomListSchema },
      },
    },
    (request) => listRooms(read(request)),
  )

  routes.post(
    '/api/v1/rooms',
    {
      config: WRITE,
      schema: {
        tags,
        description:
          'Creates a room: a group room by a member of the group (404 for a group one is not in), a public room by a moderator or room_leader (403 otherwise). A weekly room meets on `repeat.days` at the wall-clock time `starts_at` has in `repeat.time_zone`.',
        body: CreateRoomBodySchema,
        response: { 201: RoomSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createRoom(write(request), request.body)),
  )

  routes.get(
    '/api/v1/rooms/:id',
    {
      config: READ,
      schema: {
        tags,
        description:
          'The room, its prayer list in order and, when live, what is on screen and who is here. 404 for a group room to outsiders.',
        params: RoomParamsSchema,
        response: { 200: RoomDetailSchema },
      },
    },
    (request) => roomDetail(read(request), request.params.id),
  )

  routes.post(
    '/api/v1/rooms/:id/intentions',
    {
      config: WRITE,
      schema: {
        tags,
        description:
          'Brings a request into the room’s list: one the member can see, open, and visible to everyone in the room (422 otherwise). 201 when added, 200 when already there.',
        params: RoomParamsSchema,
        body: AddRoomIntentionBodySchema,
        response: { 200: RoomIntentionSchema, 201: RoomIntentionSchema },
      },
    },
    async (request, reply) => {
      const { created, intention } = await addRoomIntention(
        write(request),
        request.params.id,
        request.body.intention_id,
      )
      return reply.code(created ? 201 : 200).send(intention)
    },
  )

  routes.put(
    '/api/v1/rooms/:id/reminder',
    {
      config: READ,
      schema: {
        tags,
        description:
          '"Remind me": a push and an in-app notification 10 minutes before each session. Repeats safely.',
        params: RoomParamsSchema,
      },
    },
    async (request, reply) => {
      await remindMe(read(request), request.params.id)
      return reply.code(204).send()
    },
  )

  routes.delete(
    '/api/v1/rooms/:id/reminder',
    {
      config: READ,
      schema: {
        tags,
        description: 'Stops the reminders. Repeats safely.',
        params: RoomParamsSchema,
      },
    },
    async (request, reply) => {
      await stopReminding(read(request), request.params.id)
      return reply.code(204).send()
    },
  )

  routes.post(
    '/api/v1/rooms/:id/close',
    {
      config: WRITE,
      schema: {
        tags,
        description:
          'A moderator or the creator closes the live session: its members get RoomClosed and leave; it meets again next time. 409 when not live.',
        params: RoomParamsSchema,
      },
    },
    async (request, reply) => {
      await closeRoom(write(request), request.params.id)
      return reply.code(204).send()
    },
  )

  routes.get(
    '/api/v1/rooms/:id/members',
    {
      config: READ,
      schema: {
        tags,
        description: 'Who is in the live room, for its leader (403 for others).',
        params: RoomParamsSchema,
        response: { 200: RoomMembersSchema },
      },
    },
    (request) => roomMembers(read(request), request.params.id),
  )

  routes.delete(
    '/api/v1/rooms/:id/members/:userId',
    {
      config: WRITE,
      schema: {
        tags,
        description:
          'The leader removes someone from the live session: they get RoomRemoved and cannot rejoin this session. 409 when not live.',
        params: MemberParamsSchema,
      },
    },
    async (request, reply) => {
      await removeFromRoom(write(request), request.params.id, request.params.userId)
      return reply.code(204).send()
    },
  )

  routes.post(
    '/api/v1/rooms/:id/report',
    {
      config: WRITE,
      schema: {
        tags,
        description: 'Reports the room, once per member (409 already_reported).',
        params: RoomParamsSchema,
        body: ReportBodySchema,
      },
    },
    async (request, reply) => {
      await reportRoom(writeContext(app, request), request.params.id, request.body)
      return reply.code(204).send()
    },
  )
}
