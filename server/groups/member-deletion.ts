import { and, asc, eq, ne } from 'drizzle-orm'
import type { Database } from '../db/client'
import { groupMembersTable, groupsTable } from './groups.table'

/**
 * Issue 40: a deleted member leaves every group. A group they created passes to its
 * longest-standing other member, who becomes its admin and its creator; so does one they were
 * the last admin of. A group nobody else is in is closed: deleted with what was posted in it.
 */
export async function leaveAllGroups(tx: Database, userId: string) {
  const m = groupMembersTable
  const led = await tx
    .select({ groupId: m.groupId })
    .from(m)
    .where(and(eq(m.userId, userId), eq(m.role, 'admin')))
  const created = await tx
    .select({ groupId: groupsTable.id })
    .from(groupsTable)
    .where(eq(groupsTable.createdBy, userId))
  const createdIds = new Set(created.map((row) => row.groupId))
  for (const groupId of new Set([...createdIds, ...led.map((row) => row.groupId)])) {
    const others = await tx
      .select({ userId: m.userId, role: m.role })
      .from(m)
      .where(and(eq(m.groupId, groupId), ne(m.userId, userId)))
      .orderBy(asc(m.joinedAt), asc(m.userId))
    const heir = others[0]
    if (!heir) {
      await tx.delete(groupsTable).where(eq(groupsTable.id, groupId))
      continue
    }
    const created = createdIds.has(groupId)
    if (created || !others.some((other) => other.role === 'admin'))
      await tx
        .update(m)
        .set({ role: 'admin' })
        .where(and(eq(m.groupId, groupId), eq(m.userId, heir.userId)))
    if (created)
      await tx
        .update(groupsTable)
        .set({ createdBy: heir.userId })
        .where(eq(groupsTable.id, groupId))
  }
  await tx.delete(m).where(eq(m.userId, userId))
}
