import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import { ROOM_LEADER_ROLE, ROOM_MESSAGES } from '@contract/rooms'
import { isModeratorViewer, type Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { groupHasMember } from '../groups/group-reads'
import { httpError } from '../errors/problem-error'
import { roomsTable, type RoomRow } from './rooms.table'

export const ROOM_NOT_FOUND = 'This room may have been removed.'

type Who = Pick<Viewer, 'userId' | 'roles'>

/**
 * The room if the viewer may see it, else 404: a public room to everyone signed in, a group's
 * room to its members only (as group prayers: an outsider cannot tell hidden from gone).
 */
export async function findVisibleRoom(db: Database, who: Who, roomId: string): Promise<RoomRow> {
  const [found] = await db
    .select({
      room: roomsTable,
      member: sql<boolean>`${groupHasMember(roomsTable.groupId, sql`${who.userId}`)}`,
    })
    .from(roomsTable)
    .where(and(eq(roomsTable.id, roomId), notWithdrawnFrom(who)))
  if (!found || (found.room.groupId !== null && !found.member))
    throw httpError(404, ErrorCode.notFound, ROOM_NOT_FOUND)
  return found.room
}

/**
 * Moderation (ADR 0005, as for content), as a query condition for the rooms `who` may still
 * see: a removed room is gone for everyone (the moderators find it in their queue); a held one
 * (reports reached the threshold) waits for review, seen by its creator and the moderators only.
 */
export function notWithdrawnFrom(who: Who): SQL {
  const held = isModeratorViewer(who)
    ? undefined
    : or(isNull(roomsTable.heldAt), eq(roomsTable.createdBy, who.userId))
  return and(isNull(roomsTable.removedAt), held) as SQL
}

/** A moderator or the room's creator leads it: advance, close, remove. */
export function canModerateRoom(who: Who, room: Pick<RoomRow, 'createdBy'>): boolean {
  return room.createdBy === who.userId || isModeratorViewer(who)
}

export function assertCanModerateRoom(who: Who, room: Pick<RoomRow, 'createdBy'>) {
  if (!canModerateRoom(who, room))
    throw httpError(403, ErrorCode.forbidden, "You don't have permission to lead this room.")
}

/** Public rooms: moderators, or members an admin gave the room_leader role. */
export function assertCanCreatePublicRoom(who: Who) {
  if (!isModeratorViewer(who) && !who.roles.includes(ROOM_LEADER_ROLE))
    throw httpError(403, ErrorCode.forbidden, ROOM_MESSAGES.publicNotAllowed)
}
