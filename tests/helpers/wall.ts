import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { CreateIntentionInput, IntentionWriteResponse } from '@contract/intentions'
import type { App } from '../../server/app'
import type { Database } from '../../server/db/client'
import { groupMembersTable, groupsTable } from '../../server/groups/groups.table'
import { newInviteCode } from '../../server/groups/invite-code'
import { usersTable } from '../../server/users/users.table'

// Wall fixtures shared by the intentions, groups, tags, comments and reports tests.

export const TITLE = 'Please pray for my mother’s surgery on Friday'
export const DETAILS =
  'She is nervous about the operation and the recovery afterwards. We trust the doctors and ask for peace.'

export function intentionInput(
  overrides: Partial<CreateIntentionInput> = {},
): CreateIntentionInput {
  return {
    title: TITLE,
    details: DETAILS,
    tags: ['healing'],
    scripture: null,
    destination: 'public_wall',
    group_id: null,
    identity_mode: 'display_name',
    ...overrides,
  }
}

/** Posts through the API (so every rule runs) and insists on 201. */
export async function postIntention(
  app: App,
  cookie: string,
  overrides: Partial<CreateIntentionInput> = {},
): Promise<IntentionWriteResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/intentions',
    headers: { cookie },
    payload: intentionInput(overrides),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** A private group straight in the database: the first user is its admin. */
export async function insertGroup(
  db: Database,
  [adminId, ...memberIds]: string[],
  name = 'Tuesday prayer circle',
) {
  const [group] = await db
    .insert(groupsTable)
    .values({ name, inviteCode: newInviteCode(), createdBy: adminId })
    .returning()
  await db
    .insert(groupMembersTable)
    .values([
      { groupId: group!.id, userId: adminId!, role: 'admin' as const },
      ...memberIds.map((userId) => ({ groupId: group!.id, userId, role: 'member' as const })),
    ])
  return group!
}

export async function suspendUser(db: Database, userId: string, until: Date) {
  await db.update(usersTable).set({ suspendedUntil: until }).where(eq(usersTable.id, userId))
}
