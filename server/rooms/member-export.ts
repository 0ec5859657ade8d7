import { eq } from 'drizzle-orm'
import type { MemberExporter } from '../users/member-export'
import { roomRemindersTable, roomsTable } from './rooms.table'

/** Issue 40: the prayer rooms the member created and the rooms they asked to be reminded of. */
export const exportRooms: MemberExporter = async (db, userId) => {
  const [rooms, reminders] = await Promise.all([
    db
      .select({
        id: roomsTable.id,
        name: roomsTable.name,
        description: roomsTable.description,
        groupId: roomsTable.groupId,
        startsAt: roomsTable.startsAt,
        durationMinutes: roomsTable.durationMinutes,
        repeat: roomsTable.repeat,
        quiet: roomsTable.quiet,
        createdAt: roomsTable.createdAt,
        removedAt: roomsTable.removedAt,
      })
      .from(roomsTable)
      .where(eq(roomsTable.createdBy, userId)),
    db
      .select({ roomId: roomRemindersTable.roomId, createdAt: roomRemindersTable.createdAt })
      .from(roomRemindersTable)
      .where(eq(roomRemindersTable.userId, userId)),
  ])
  return [
    {
      name: 'rooms.json',
      about: 'The prayer rooms you created, and the rooms you asked to be reminded of (by id).',
      content: { created: rooms, reminders },
    },
  ]
}
