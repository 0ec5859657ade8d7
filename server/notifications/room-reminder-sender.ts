import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { ROOM_REMINDER_LEAD_MINUTES, ROOM_REMINDER_NOTIFICATION_TYPE } from '@contract/rooms'
import { groupMembersTable } from '../groups/groups.table'
import { sessionStartingAfter } from '../rooms/room-schedule'
import { roomRemindersTable, roomsTable } from '../rooms/rooms.table'
import type { NewNotification, Notifier } from './notifier'

const LEAD_MS = ROOM_REMINDER_LEAD_MINUTES * 60_000

/**
 * "Remind me" (issue 21): every member who asked hears of each session starting in
 * [from + 10 min, to + 10 min), by an in-app notification and Web Push (every NewNotification
 * goes to push). The dedupe key (room and session) lets one through per member however many
 * processes or retries run the window. A member no longer in a group room's group is skipped.
 */
export async function sendRoomReminders(notifier: Notifier, from: Date, to: Date): Promise<number> {
  const { db } = notifier
  const rows = await db
    .select({ room: roomsTable, userId: roomRemindersTable.userId })
    .from(roomRemindersTable)
    .innerJoin(roomsTable, eq(roomsTable.id, roomRemindersTable.roomId))
    .leftJoin(
      groupMembersTable,
      and(
        eq(groupMembersTable.groupId, roomsTable.groupId),
        eq(groupMembersTable.userId, roomRemindersTable.userId),
      ),
    )
    // A removed or held room (moderation) reminds nobody.
    .where(
      and(
        or(isNull(roomsTable.groupId), sql`${groupMembersTable.userId} is not null`),
        isNull(roomsTable.removedAt),
        isNull(roomsTable.heldAt),
      ),
    )
  const windowStart = new Date(from.getTime() + LEAD_MS - 1)
  const windowEnd = to.getTime() + LEAD_MS
  const reminders = rows.flatMap(({ room, userId }): NewNotification[] => {
    const startsAt = sessionStartingAfter(room, windowStart)
    if (!startsAt || startsAt.getTime() >= windowEnd) return []
    return [
      {
        userId,
        type: ROOM_REMINDER_NOTIFICATION_TYPE,
        title: `${room.name} starts in ${ROOM_REMINDER_LEAD_MINUTES} minutes`,
        message: room.description,
        data: { roomId: room.id, startsAt: startsAt.toISOString(), url: `/rooms/${room.id}` },
        dedupeKey: `room:${room.id}:${startsAt.toISOString()}`,
      },
    ]
  })
  return notifier.raiseMany(reminders)
}
