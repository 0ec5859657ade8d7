import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Room } from '@contract/rooms'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { groupHasMember, groupNameOf } from '../groups/group-reads'
import { accountName } from '../users/account-name-sql'
import { canModerateRoom, notWithdrawnFrom } from './room-access'
import { presenceOf, type RoomRoster } from './room-presence'
import { roomState } from './room-schedule'
import { roomRemindersTable, roomsTable, type RoomRow } from './rooms.table'

// A room as the viewer sees it (contract/rooms.ts RoomSchema): schedule, state, presence and
// the viewer's own flags, from one query per page.

export interface RoomViewRow {
  room: RoomRow
  groupName: string | null
  createdBy: string
  reminded: boolean
}

/** The most rooms a list carries: plenty for a community; the list has no pages. */
const LIST_LIMIT = 500

function select(db: Database, viewer: Pick<Viewer, 'userId'>) {
  return db
    .select({
      room: roomsTable,
      groupName: groupNameOf(roomsTable.groupId),
      createdBy: accountName(roomsTable.createdBy),
      reminded: sql<boolean>`${roomRemindersTable.userId} is not null`,
    })
    .from(roomsTable)
    .leftJoin(
      roomRemindersTable,
      and(
        eq(roomRemindersTable.roomId, roomsTable.id),
        eq(roomRemindersTable.userId, viewer.userId),
      ),
    )
}

/** Rooms the viewer may see: public ones and those of their groups, not withdrawn by moderation. */
export function selectVisibleRooms(db: Database, viewer: Pick<Viewer, 'userId' | 'roles'>) {
  return select(db, viewer)
    .where(
      and(
        or(isNull(roomsTable.groupId), groupHasMember(roomsTable.groupId, sql`${viewer.userId}`)),
        notWithdrawnFrom(viewer),
      ),
    )
    .orderBy(asc(roomsTable.startsAt))
    .limit(LIST_LIMIT)
}

export async function selectRoomView(
  db: Database,
  viewer: Pick<Viewer, 'userId'>,
  roomId: string,
): Promise<RoomViewRow> {
  const [row] = await select(db, viewer).where(eq(roomsTable.id, roomId))
  return row!
}

export function toRoom(
  row: RoomViewRow,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  roster: RoomRoster,
  now: Date,
): Room {
  const { room } = row
  const { state, session } = roomState(room, now)
  const live = state === 'live'
  return {
    room_id: room.id,
    name: room.name,
    description: room.description,
    group_id: room.groupId,
    group_name: row.groupName,
    starts_at: room.startsAt.toISOString(),
    duration_minutes: room.durationMinutes,
    repeat: room.repeat,
    quiet: room.quiet,
    state,
    next_starts_at: session?.start.toISOString() ?? null,
    ends_at: session?.end.toISOString() ?? null,
    presence_count: live ? presenceOf(room.id, roster(room.id), room.quiet).count : 0,
    reminded: row.reminded,
    can_moderate: canModerateRoom(viewer, room),
    created_by: row.createdBy,
    is_mine: room.createdBy === viewer.userId,
  }
}

const STATE_ORDER = { live: 0, closed: 1, upcoming: 2, ended: 3 } as const

/** GET /api/v1/rooms' order: the viewer's own rooms (made or reminded) first, live before upcoming, soonest first. */
export function orderRooms(rooms: Room[]): Room[] {
  const own = (room: Room) => (room.is_mine || room.reminded ? 0 : 1)
  return rooms.sort(
    (a, b) =>
      own(a) - own(b) ||
      STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
      (a.next_starts_at ?? '').localeCompare(b.next_starts_at ?? ''),
  )
}
