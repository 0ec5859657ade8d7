import { and, eq } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import type { ReportBody } from '@contract/reports'
import {
  ROOM_MESSAGES,
  type CreateRoomBody,
  type Room,
  type RoomDetail,
  type RoomIntention,
  type RoomMembers,
} from '@contract/rooms'
import type { WriteContext } from '../auth/route-context'
import { enforceContentPolicy } from '../content-policy/content-check'
import { actorOf, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { isGroupMember } from '../groups/groups.service'
import { assertCanSeeIntention } from '../intentions/intention-access'
import { recordEvent } from '../events/record-event'
import { httpError } from '../errors/problem-error'
import { fileReport } from '../reports/file-report'
import { assertCanCreatePublicRoom, assertCanModerateRoom, findVisibleRoom } from './room-access'
import { listPosition, roomIntentions, shownInRoom } from './room-intentions'
import { presenceOf, type RoomRoster } from './room-presence'
import { roomState } from './room-schedule'
import { orderRooms, selectRoomView, selectVisibleRooms, toRoom } from './room-view'
import {
  roomIntentionsTable,
  roomRemindersTable,
  roomRemovalsTable,
  roomsTable,
  type RoomRow,
} from './rooms.table'
import { intentionsTable } from '../intentions/intentions.table'

export interface RoomsContext {
  db: Database
  viewer: Viewer
  now: Date
  roster: RoomRoster
}

/** POST /api/v1/rooms: a group room by a member of the group; a public room by a moderator. */
export async function createRoom(
  context: RoomsContext & Pick<WriteContext, 'contentPolicy'>,
  body: CreateRoomBody,
): Promise<Room> {
  const { db, viewer, now } = context
  enforceContentPolicy(context.contentPolicy, [body.name, body.description])
  if (body.group_id === null) assertCanCreatePublicRoom(viewer)
  else if (!(await isGroupMember(db, body.group_id, viewer.userId)))
    // As everywhere else: a group one is not in does not exist.
    throw httpError(404, ErrorCode.notFound, 'Group not found.')
  const [row] = await db
    .insert(roomsTable)
    .values({
      name: body.name,
      description: body.description,
      groupId: body.group_id,
      createdBy: viewer.userId,
      startsAt: new Date(body.starts_at),
      durationMinutes: body.duration_minutes,
      repeat: body.repeat,
      quiet: body.quiet,
      createdAt: now,
    })
    .returning({ id: roomsTable.id })
  return readRoom(context, row!.id)
}

async function readRoom(context: RoomsContext, roomId: string): Promise<Room> {
  const row = await selectRoomView(context.db, context.viewer, roomId)
  return toRoom(row, context.viewer, context.roster, context.now)
}

/** GET /api/v1/rooms: live and upcoming rooms the viewer may see (ended one-offs drop out). */
export async function listRooms(context: RoomsContext): Promise<{ items: Room[] }> {
  const rows = await selectVisibleRooms(context.db, context.viewer)
  const rooms = rows
    .map((row) => toRoom(row, context.viewer, context.roster, context.now))
    .filter((room) => room.state !== 'ended')
  return { items: orderRooms(rooms) }
}

/** The session a live room is in now, or 409 (close, remove). */
function liveSession(room: RoomRow, now: Date): Date {
  const { state, session } = roomState(room, now)
  if (state !== 'live' || !session) throw httpError(409, ErrorCode.conflict, ROOM_MESSAGES.notLive)
  return session.start
}

/** GET /api/v1/rooms/{id}: the room, its list, what is on screen and who is here. */
export async function roomDetail(context: RoomsContext, roomId: string): Promise<RoomDetail> {
  const { db, viewer, now } = context
  const room = await findVisibleRoom(db, viewer, roomId)
  const summary = await readRoom(context, roomId)
  const { state, session } = roomState(room, now)
  const live = state === 'live' && session !== null
  const intentions = await roomIntentions(db, room, live ? session.start : null)
  const position = live ? listPosition(room, session.start, intentions.length, now) : null
  const removed =
    session !== null &&
    (
      await db
        .select({ userId: roomRemovalsTable.userId })
        .from(roomRemovalsTable)
        .where(
          and(
            eq(roomRemovalsTable.roomId, roomId),
            eq(roomRemovalsTable.sessionAt, session.start),
            eq(roomRemovalsTable.userId, viewer.userId),
          ),
        )
    ).length > 0
  return {
    ...summary,
    intentions,
    current_intention_id: position ? intentions[position.index]!.intention_id : null,
    names: live ? presenceOf(roomId, context.roster(roomId), room.quiet).names : [],
    removed,
  }
}

/**
 * POST /api/v1/rooms/{id}/intentions: a request the member can see, and every member of the
 * room may see (no group's request in a public room), open. 201 when added, 200 when already
 * on the list.
 */
export async function addRoomIntention(
  context: RoomsContext,
  roomId: string,
  intentionId: string,
): Promise<{ created: boolean; intention: RoomIntention }> {
  const { db, viewer, now } = context
  const room = await findVisibleRoom(db, viewer, roomId)
  await assertCanSeeIntention({ db, viewer, intentionId })
  const [fits] = await db
    .select({ id: intentionsTable.id })
    .from(intentionsTable)
    .where(and(eq(intentionsTable.id, intentionId), shownInRoom(room)))
  if (!fits)
    throw httpError(
      422,
      ErrorCode.validationError,
      'This request cannot be prayed in this room: it is closed or private to another group.',
    )
  const inserted = await db
    .insert(roomIntentionsTable)
    .values({ roomId, intentionId, broughtBy: viewer.userId, addedAt: now })
    .onConflictDoNothing()
    .returning({ id: roomIntentionsTable.intentionId })
  const { session } = roomState(room, now)
  const list = await roomIntentions(db, room, session?.live ? session.start : null)
  return {
    created: inserted.length > 0,
    intention: list.find((entry) => entry.intention_id === intentionId)!,
  }
}

/** PUT /api/v1/rooms/{id}/reminder (idempotent). */
export async function remindMe(context: RoomsContext, roomId: string) {
  const { db, viewer, now } = context
  await findVisibleRoom(db, viewer, roomId)
  await db
    .insert(roomRemindersTable)
    .values({ roomId, userId: viewer.userId, createdAt: now })
    .onConflictDoNothing()
}

/** DELETE /api/v1/rooms/{id}/reminder (idempotent). */
export async function stopReminding(context: RoomsContext, roomId: string) {
  const { db, viewer } = context
  await findVisibleRoom(db, viewer, roomId)
  await db
    .delete(roomRemindersTable)
    .where(and(eq(roomRemindersTable.roomId, roomId), eq(roomRemindersTable.userId, viewer.userId)))
}

/** POST /api/v1/rooms/{id}/close: ends the live session for everyone (it meets again next time). */
export async function closeRoom(context: RoomsContext, roomId: string) {
  const { db, viewer, now } = context
  const room = await findVisibleRoom(db, viewer, roomId)
  assertCanModerateRoom(viewer, room)
  const sessionAt = liveSession(room, now)
  await db.transaction(async (tx) => {
    await tx.update(roomsTable).set({ closedSessionAt: sessionAt }).where(eq(roomsTable.id, roomId))
    const payload = { roomId, sessionAt: sessionAt.toISOString(), actor: actorOf(viewer) }
    await recordEvent(tx, { type: 'RoomClosed', payload }, { occurredAt: now })
  })
}

/** GET /api/v1/rooms/{id}/members: who is here, for the leader to remove someone. */
export async function roomMembers(context: RoomsContext, roomId: string): Promise<RoomMembers> {
  const room = await findVisibleRoom(context.db, context.viewer, roomId)
  assertCanModerateRoom(context.viewer, room)
  return {
    items: context
      .roster(roomId)
      .map((member) => ({ user_id: member.userId, display_name: member.name, seen: member.seen })),
  }
}

/** DELETE /api/v1/rooms/{id}/members/{userId}: out of this session, and kept out of it. */
export async function removeFromRoom(context: RoomsContext, roomId: string, userId: string) {
  const { db, viewer, now } = context
  const room = await findVisibleRoom(db, viewer, roomId)
  assertCanModerateRoom(viewer, room)
  if (userId === viewer.userId)
    throw httpError(409, ErrorCode.conflict, 'Leave the room instead of removing yourself.')
  const sessionAt = liveSession(room, now)
  await db.transaction(async (tx) => {
    await tx
      .insert(roomRemovalsTable)
      .values({ roomId, sessionAt, userId, removedBy: viewer.userId, createdAt: now })
      .onConflictDoNothing()
    const payload = { roomId, userId, sessionAt: sessionAt.toISOString(), actor: actorOf(viewer) }
    await recordEvent(tx, { type: 'RoomMemberRemoved', payload }, { occurredAt: now })
  })
}

/** POST /api/v1/rooms/{id}/report: once per member (409 already_reported). */
export async function reportRoom(context: WriteContext, roomId: string, body: ReportBody) {
  await findVisibleRoom(context.db, context.viewer, roomId)
  await fileReport(context, { type: 'room', id: roomId }, body)
}
