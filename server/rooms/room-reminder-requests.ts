import { and, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '../db/client'
import { groupHasMember } from '../groups/group-reads'
import { roomRemindersTable, roomsTable } from './rooms.table'

/**
 * Every "Remind me" (issue 21) that may still be sent, with its room, for notifications to send
 * (they never read the rooms tables themselves: server-tables-are-private). A member no longer
 * in a group room's group is skipped; a removed or held room (moderation) reminds nobody.
 */
export function roomReminderRequests(db: Database) {
  return db
    .select({ room: roomsTable, userId: roomRemindersTable.userId })
    .from(roomRemindersTable)
    .innerJoin(roomsTable, eq(roomsTable.id, roomRemindersTable.roomId))
    .where(
      and(
        or(
          isNull(roomsTable.groupId),
          groupHasMember(roomsTable.groupId, roomRemindersTable.userId),
        ),
        isNull(roomsTable.removedAt),
        isNull(roomsTable.heldAt),
      ),
    )
}
