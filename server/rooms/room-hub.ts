import { and, count, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  HubRoomIdSchema,
  JoinRoomOptionsSchema,
  ROOM_MESSAGES,
  RoomHubEvent,
  RoomHubMethod,
  type JoinRoomResult,
  type RoomAmenEvent,
  type RoomIntention,
  type RoomIntentionChangedEvent,
} from '@contract/rooms'
import { rolesInForce, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { prayForIntention } from '../intentions/intention-reactions.service'
import { ProblemError } from '../errors/problem-error'
import {
  HubMethodError,
  type Hub,
  type HubMethodContext,
  type HubMethodHandler,
  parseHubArgument,
} from '../realtime/hub-api'
import { findUserById } from '../users/users.repository'
import { canModerateRoom, findVisibleRoom } from './room-access'
import { listPosition, nextStepAt, roomIntentions } from './room-intentions'
import { presenceOf, ROOM_GROUP_PREFIX, roomGroup } from './room-presence'
import { roomState } from './room-schedule'
import { roomAmensTable, roomRemovalsTable, roomsTable, type RoomRow } from './rooms.table'

// The live room through the hub (issue 21): JoinRoom, LeaveRoom, RoomAmen, AdvanceRoom, and
// the events they raise. Presence is the hub's roster of `room:<id>` (server/realtime/roster.ts),
// so members on every process are in one room. The list steps on by the clock (room-intentions
// listPosition): each process with members in the room announces each step to its own members.

interface RoomHubOptions {
  db: Database
  now: () => Date
  log: FastifyBaseLogger
}

/** The member behind a connection, as the wall's services expect a viewer. */
async function memberOf(
  db: Database,
  { userId, secondFactor }: Pick<HubMethodContext, 'userId' | 'secondFactor'>,
): Promise<Viewer> {
  const row = await findUserById(db, userId)
  if (!row?.profileCompletedAt) throw new HubMethodError(ROOM_MESSAGES.notLive)
  return {
    userId,
    sessionId: '',
    displayName: row.displayName,
    ...rolesInForce(row.roles, secondFactor),
    emailVerified: row.emailVerifiedAt !== null,
    hasProfile: true,
    suspendedUntil: row.suspendedUntil,
    pending: row.pendingSince !== null,
  }
}

export function createRoomHub({ db, now, log }: RoomHubOptions) {
  // Per process, for rooms joined here: whether the room is quiet (the roster render is
  // synchronous), the clock step last announced, and the timer of the next one.
  const quiet = new Map<string, boolean>()
  const announced = new Map<string, string>()
  const timers = new Map<string, NodeJS.Timeout>()
  let hub: Hub | null = null

  /** The room if the member may see it and it is live now, with its session's start. */
  const liveRoom = async (member: Viewer, roomId: string) => {
    let room: RoomRow
    try {
      room = await findVisibleRoom(db, member, roomId)
    } catch (error) {
      if (error instanceof ProblemError) throw new HubMethodError(ROOM_MESSAGES.notLive)
      throw error
    }
    const { state, session } = roomState(room, now())
    if (state === 'closed') throw new HubMethodError(ROOM_MESSAGES.closed)
    if (state !== 'live' || !session) throw new HubMethodError(ROOM_MESSAGES.notLive)
    return { room, sessionAt: session.start }
  }

  const onScreen = async (room: RoomRow, sessionAt: Date) => {
    const list = await roomIntentions(db, room, sessionAt)
    const position = listPosition(room, sessionAt, list.length, now())
    return { list, position, intention: position ? list[position.index]! : null }
  }

  const stopClock = (roomId: string) => {
    clearTimeout(timers.get(roomId))
    timers.delete(roomId)
    announced.delete(roomId)
  }

  // Announces the step due now to this process's members, then waits for the next one.
  const tick = async (roomId: string): Promise<void> => {
    timers.delete(roomId)
    const group = roomGroup(roomId)
    if (!hub || hub.roster(group).length === 0) return stopClock(roomId)
    const [room] = await db.select().from(roomsTable).where(eq(roomsTable.id, roomId))
    const { state, session } = room ? roomState(room, now()) : { state: 'ended', session: null }
    if (!room || state !== 'live' || !session) return stopClock(roomId)
    const { position, intention } = await onScreen(room, session.start)
    // An empty list: look again a step later, someone may bring a request.
    if (!position) return schedule(roomId, now())
    // Step 0 is the leader's own step (or the session's first): AdvanceRoom announced it.
    const key = `${position.from.toISOString()}:${position.step}`
    if (position.step > 0 && announced.get(roomId) !== key) {
      announced.set(roomId, key)
      const event: RoomIntentionChangedEvent = { roomId, intention }
      hub.deliverHere(group, RoomHubEvent.RoomIntentionChanged, [event])
    }
    schedule(roomId, position.from)
  }

  const schedule = (roomId: string, from: Date) => {
    clearTimeout(timers.get(roomId))
    // A little past the boundary, so the step computed then is the new one.
    const wait = nextStepAt(from, now()).getTime() - now().getTime() + 50
    const timer = setTimeout(() => {
      tick(roomId).catch((error: unknown) => log.error({ err: error, roomId }, 'room step failed'))
    }, wait)
    timer.unref()
    timers.set(roomId, timer)
  }

  const inRoom = (context: HubMethodContext, roomId: string) =>
    context.hub.roster(roomGroup(roomId)).some((member) => member.userId === context.userId)

  const methods: Record<string, HubMethodHandler> = {
    async [RoomHubMethod.JoinRoom](context, roomIdArg, optionsArg): Promise<JoinRoomResult> {
      const roomId = parseHubArgument(HubRoomIdSchema, roomIdArg)
      const { seen } = parseHubArgument(JoinRoomOptionsSchema, optionsArg)
      const member = await memberOf(db, context)
      const { room, sessionAt } = await liveRoom(member, roomId)
      const [removed] = await db
        .select({ userId: roomRemovalsTable.userId })
        .from(roomRemovalsTable)
        .where(
          and(
            eq(roomRemovalsTable.roomId, roomId),
            eq(roomRemovalsTable.sessionAt, sessionAt),
            eq(roomRemovalsTable.userId, context.userId),
          ),
        )
      if (removed) throw new HubMethodError(ROOM_MESSAGES.removed)
      quiet.set(roomId, room.quiet)
      const group = roomGroup(roomId)
      if (!context.hub.joinRoster(context.connectionId, group, { name: member.displayName, seen }))
        throw new HubMethodError(ROOM_MESSAGES.notLive)
      const { position, intention } = await onScreen(room, sessionAt)
      if (!timers.has(roomId)) {
        if (position) announced.set(roomId, `${position.from.toISOString()}:${position.step}`)
        schedule(roomId, position?.from ?? now())
      }
      return { ...presenceOf(roomId, context.hub.roster(group), room.quiet), intention }
    },

    [RoomHubMethod.LeaveRoom](context, roomIdArg) {
      context.hub.leaveRoster(
        context.connectionId,
        roomGroup(parseHubArgument(HubRoomIdSchema, roomIdArg)),
      )
    },

    // The wall's pray through the same service (one a day per member, the same events and
    // notifications), plus the room's own count: one Amen per member per request per session.
    async [RoomHubMethod.RoomAmen](context, roomIdArg, intentionIdArg): Promise<RoomAmenEvent> {
      const roomId = parseHubArgument(HubRoomIdSchema, roomIdArg)
      const intentionId = parseHubArgument(HubRoomIdSchema, intentionIdArg)
      const member = await memberOf(db, context)
      if (!member.emailVerified || (member.suspendedUntil && member.suspendedUntil > now()))
        throw new HubMethodError('You cannot pray in rooms right now.')
      const { room, sessionAt } = await liveRoom(member, roomId)
      if (!inRoom(context, roomId)) throw new HubMethodError(ROOM_MESSAGES.notLive)
      const list = await roomIntentions(db, room, sessionAt)
      if (!list.some((entry) => entry.intention_id === intentionId))
        throw new HubMethodError('That request is not on this room’s list.')
      try {
        // The room reads its own count below: the wall's answer (and its count rule) is unused.
        await prayForIntention(
          { db, viewer: member, now: now(), showPrayerCounts: false },
          intentionId,
        )
      } catch (error) {
        if (error instanceof ProblemError) throw new HubMethodError(error.detail)
        throw error
      }
      const inserted = await db
        .insert(roomAmensTable)
        .values({ roomId, sessionAt, intentionId, userId: context.userId, createdAt: now() })
        .onConflictDoNothing()
        .returning({ userId: roomAmensTable.userId })
      const [amens] = await db
        .select({ count: count() })
        .from(roomAmensTable)
        .where(
          and(
            eq(roomAmensTable.roomId, roomId),
            eq(roomAmensTable.sessionAt, sessionAt),
            eq(roomAmensTable.intentionId, intentionId),
          ),
        )
      const event: RoomAmenEvent = { roomId, intentionId, count: amens?.count ?? 0 }
      if (inserted.length > 0)
        await context.hub.sendToGroup(roomGroup(roomId), RoomHubEvent.RoomAmen, [event])
      return event
    },

    async [RoomHubMethod.AdvanceRoom](context, roomIdArg): Promise<RoomIntentionChangedEvent> {
      const roomId = parseHubArgument(HubRoomIdSchema, roomIdArg)
      const member = await memberOf(db, context)
      const { room, sessionAt } = await liveRoom(member, roomId)
      if (!canModerateRoom(member, room))
        throw new HubMethodError('Only the room’s leader can move the list on.')
      const { list, position } = await onScreen(room, sessionAt)
      const at = now()
      const index = position ? (position.index + 1) % list.length : 0
      await db
        .update(roomsTable)
        .set({ cursorIndex: index, cursorAt: at })
        .where(eq(roomsTable.id, roomId))
      const intention: RoomIntention | null = list[index] ?? null
      const event: RoomIntentionChangedEvent = { roomId, intention }
      if (timers.has(roomId)) {
        announced.set(roomId, `${at.toISOString()}:0`)
        schedule(roomId, at)
      }
      await context.hub.sendToGroup(roomGroup(roomId), RoomHubEvent.RoomIntentionChanged, [event])
      return event
    },
  }

  return {
    methods,
    /** Once the hub exists: presence updates for rooms. */
    attach(attached: Hub) {
      hub = attached
      attached.onRosterChange(ROOM_GROUP_PREFIX, (group, members) => {
        const roomId = group.slice(ROOM_GROUP_PREFIX.length)
        return {
          target: RoomHubEvent.RoomPresenceUpdate,
          // Unknown here means no member joined through this process: name nobody.
          args: [presenceOf(roomId, members, quiet.get(roomId) ?? true)],
        }
      })
    },
    stop() {
      for (const roomId of [...timers.keys()]) stopClock(roomId)
    },
  }
}

export type RoomHub = ReturnType<typeof createRoomHub>
