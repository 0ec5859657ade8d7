import { and, asc, eq } from 'drizzle-orm'
import { ErrorCode } from '@contract/errors'
import {
  GROUP_MESSAGES,
  type CreateGroupBody,
  type Group,
  type GroupMember,
} from '@contract/groups'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { httpError } from '../errors/problem-error'
import { displayNamesOf } from '../users/users.repository'
import { groupMembersTable, groupsTable } from './groups.table'
import { newInviteCode } from './invite-code'

interface GroupContext {
  db: Database
  viewer: Viewer
  now: Date
}

const GROUP_NOT_FOUND = 'Group not found.'

export async function isGroupMember(
  db: Database,
  groupId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ role: groupMembersTable.role })
    .from(groupMembersTable)
    .where(and(eq(groupMembersTable.groupId, groupId), eq(groupMembersTable.userId, userId)))
  return row !== undefined
}

function groupFields() {
  return {
    id: groupsTable.id,
    name: groupsTable.name,
    description: groupsTable.description,
    invite_code: groupsTable.inviteCode,
    role: groupMembersTable.role,
  }
}

async function viewerGroup(db: Database, groupId: string, userId: string): Promise<Group> {
  const [group] = await db
    .select(groupFields())
    .from(groupsTable)
    .innerJoin(groupMembersTable, eq(groupMembersTable.groupId, groupsTable.id))
    .where(and(eq(groupsTable.id, groupId), eq(groupMembersTable.userId, userId)))
  if (!group) throw httpError(404, ErrorCode.notFound, GROUP_NOT_FOUND)
  return group
}

/** POST /api/v1/groups: the creator is the group's admin. */
export async function createGroup(
  { db, viewer, now }: GroupContext,
  body: CreateGroupBody,
): Promise<Group> {
  // A clash among 10^12 codes is vanishingly rare; retrying a few times makes it impossible in practice.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = await db.transaction(async (tx) => {
      const [group] = await tx
        .insert(groupsTable)
        .values({ ...body, inviteCode: newInviteCode(), createdBy: viewer.userId, createdAt: now })
        .onConflictDoNothing({ target: groupsTable.inviteCode })
        .returning({ id: groupsTable.id })
      if (!group) return null
      await tx
        .insert(groupMembersTable)
        .values({ groupId: group.id, userId: viewer.userId, role: 'admin', joinedAt: now })
      return group.id
    })
    if (id) return viewerGroup(db, id, viewer.userId)
  }
  throw new Error('could not draw a free invite code')
}

/** POST /api/v1/groups/join: joining twice is harmless and answers the group again. */
export async function joinGroup({ db, viewer, now }: GroupContext, code: string): Promise<Group> {
  const [group] = await db
    .select({ id: groupsTable.id })
    .from(groupsTable)
    .where(eq(groupsTable.inviteCode, code))
  if (!group) throw httpError(404, ErrorCode.notFound, GROUP_MESSAGES.codeInvalid)
  await db
    .insert(groupMembersTable)
    .values({ groupId: group.id, userId: viewer.userId, role: 'member', joinedAt: now })
    .onConflictDoNothing()
  return viewerGroup(db, group.id, viewer.userId)
}

/** GET /api/v1/groups/mine, by name. */
export function myGroups({ db, viewer }: Omit<GroupContext, 'now'>): Promise<Group[]> {
  return db
    .select(groupFields())
    .from(groupsTable)
    .innerJoin(groupMembersTable, eq(groupMembersTable.groupId, groupsTable.id))
    .where(eq(groupMembersTable.userId, viewer.userId))
    .orderBy(asc(groupsTable.name), asc(groupsTable.id))
}

/** GET /api/v1/groups/{id}/members: members only (404 to others); display names, never real names. */
export async function groupMembers(
  { db, viewer }: Omit<GroupContext, 'now'>,
  groupId: string,
): Promise<GroupMember[]> {
  if (!(await isGroupMember(db, groupId, viewer.userId)))
    throw httpError(404, ErrorCode.notFound, GROUP_NOT_FOUND)
  const rows = await db
    .select({ userId: groupMembersTable.userId, role: groupMembersTable.role })
    .from(groupMembersTable)
    .where(eq(groupMembersTable.groupId, groupId))
    .orderBy(asc(groupMembersTable.joinedAt), asc(groupMembersTable.userId))
  const names = await displayNamesOf(
    db,
    rows.map((row) => row.userId),
  )
  return rows.flatMap((row) => {
    const displayName = names.get(row.userId)
    if (displayName === undefined) return []
    return [{ display_name: displayName, role: row.role, is_you: row.userId === viewer.userId }]
  })
}

/**
 * DELETE /api/v1/groups/{id}/members/me. A group never loses its last admin: when the last one
 * leaves, the longest-standing member becomes admin. The last member leaving deletes the group
 * with its prayers, which nobody could open any more (docs/wall.md).
 */
export async function leaveGroup({ db, viewer }: Omit<GroupContext, 'now'>, groupId: string) {
  await db.transaction(async (tx) => {
    // Locking the group row serialises two admins leaving at once.
    const [group] = await tx
      .select({ id: groupsTable.id })
      .from(groupsTable)
      .where(eq(groupsTable.id, groupId))
      .for('update')
    const [left] = await tx
      .delete(groupMembersTable)
      .where(
        and(eq(groupMembersTable.groupId, groupId), eq(groupMembersTable.userId, viewer.userId)),
      )
      .returning({ role: groupMembersTable.role })
    if (!group || !left) throw httpError(404, ErrorCode.notFound, GROUP_NOT_FOUND)
    const remaining = await tx
      .select({ userId: groupMembersTable.userId, role: groupMembersTable.role })
      .from(groupMembersTable)
      .where(eq(groupMembersTable.groupId, groupId))
      .orderBy(asc(groupMembersTable.joinedAt), asc(groupMembersTable.userId))
    if (remaining.length === 0) {
      await tx.delete(groupsTable).where(eq(groupsTable.id, groupId))
      return
    }
    if (remaining.some((member) => member.role === 'admin')) return
    await tx
      .update(groupMembersTable)
      .set({ role: 'admin' })
      .where(
        and(
          eq(groupMembersTable.groupId, groupId),
          eq(groupMembersTable.userId, remaining[0]!.userId),
        ),
      )
  })
}
