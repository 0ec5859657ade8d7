import { eq } from 'drizzle-orm'
import type { MemberExporter } from '../users/member-export'
import { groupMembersTable, groupsTable } from './groups.table'

/** Issue 40: the groups the member belongs to; the invite code only of those they created. */
export const exportGroups: MemberExporter = async (db, userId) => {
  const rows = await db
    .select({
      groupId: groupsTable.id,
      name: groupsTable.name,
      description: groupsTable.description,
      inviteCode: groupsTable.inviteCode,
      createdBy: groupsTable.createdBy,
      createdAt: groupsTable.createdAt,
      role: groupMembersTable.role,
      joinedAt: groupMembersTable.joinedAt,
    })
    .from(groupMembersTable)
    .innerJoin(groupsTable, eq(groupsTable.id, groupMembersTable.groupId))
    .where(eq(groupMembersTable.userId, userId))
  return [
    {
      name: 'groups.json',
      about:
        'The private groups you belong to, your role in each and when you joined; for the groups you created, their invite code.',
      content: rows.map(({ inviteCode, createdBy, ...group }) => ({
        ...group,
        createdByYou: createdBy === userId,
        inviteCode: createdBy === userId ? inviteCode : null,
      })),
    },
  ]
}
