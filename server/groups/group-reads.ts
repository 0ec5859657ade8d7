import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../db/client'
import { groupMembersTable, groupsTable } from './groups.table'
import { outer } from '../db/outer-column'

// What the capabilities after groups (intentions, rooms, notifications) ask of groups: they
// never read the groups tables themselves (server-tables-are-private, docs/architecture.md).

/** Those of `userIds` who are members of the group. */
export async function membersAmong(
  db: Database,
  groupId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const members = await db
    .select({ userId: groupMembersTable.userId })
    .from(groupMembersTable)
    .where(and(eq(groupMembersTable.groupId, groupId), inArray(groupMembersTable.userId, userIds)))
  return new Set(members.map((member) => member.userId))
}

/** True (as SQL) when the member `userId` names is in the group `groupId` names. */
export function groupHasMember(groupId: SQLWrapper, userId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${groupMembersTable} where ${groupMembersTable.groupId} = ${outer(groupId)} and ${groupMembersTable.userId} = ${outer(userId)})`
}

/** The name of the group `groupId` names, as a column of the caller's query (null for none). */
export function groupNameOf(groupId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select ${groupsTable.name} from ${groupsTable} where ${groupsTable.id} = ${outer(groupId)})`
}
