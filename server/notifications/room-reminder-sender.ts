import { ROOM_REMINDER_LEAD_MINUTES, ROOM_REMINDER_NOTIFICATION_TYPE } from '@contract/rooms'
import { sessionStartingAfter } from '../rooms/room-schedule'
import { roomReminderRequests } from '../rooms/room-reminder-requests'
import type { NewNotification, Notifier } from './notifier'
import { roomReminderTitle } from './room-reminder-title'

const LEAD_MS = ROOM_REMINDER_LEAD_MINUTES * 60_000

/**
 * "Remind me" (issue 21): every member who asked hears of each session starting in
 * [from + 10 min, to + 10 min), by an in-app notification and Web Push (every NewNotification
 * goes to push). The dedupe key (room and session) lets one through per member however many
 * processes or retries run the window. A member no longer in a group room's group is skipped.
 */
export async function sendRoomReminders(notifier: Notifier, from: Date, to: Date): Promise<number> {
  const rows = await roomReminderRequests(notifier.db)
  const windowStart = new Date(from.getTime() + LEAD_MS - 1)
  const windowEnd = to.getTime() + LEAD_MS
  const reminders = rows.flatMap(({ room, userId }): NewNotification[] => {
    const startsAt = sessionStartingAfter(room, windowStart)
    if (!startsAt || startsAt.getTime() >= windowEnd) return []
    return [
      {
        userId,
        type: ROOM_REMINDER_NOTIFICATION_TYPE,
        title: roomReminderTitle(room.name),
        message: room.description,
        data: { roomId: room.id, startsAt: startsAt.toISOString(), url: `/rooms/${room.id}` },
        dedupeKey: `room:${room.id}:${startsAt.toISOString()}`,
      },
    ]
  })
  return notifier.raiseMany(reminders)
}
