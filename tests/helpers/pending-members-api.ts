import { eq } from 'drizzle-orm'
import type { PendingMembersPage } from '@contract/membership'
import type { App } from '../../server/app'
import type { Database } from '../../server/db/client'
import { usersTable } from '../../server/users/users.table'
import { call } from './call'
import { createUser, signIn, type TestUserOverrides } from './users'
import type { Person } from './moderation-api'

// The approval queue's tests: a member created waiting (as sign-up under join = "approval"
// leaves them), and the moderators' calls.

export async function pendingPerson(
  app: App,
  overrides: TestUserOverrides = {},
  since = new Date(),
): Promise<Person> {
  const user = await createUser(app.deps.db, overrides)
  await markPending(app.deps.db, user.id, since)
  return { ...user, cookie: await signIn(app, user) }
}

export async function markPending(db: Database, userId: string, since = new Date()) {
  await db.update(usersTable).set({ pendingSince: since }).where(eq(usersTable.id, userId))
}

export const approve = (app: App, cookie: string, userId: string) =>
  call(app, cookie, 'POST', `/api/v1/moderation/members/${userId}/approve`)

export const reject = (app: App, cookie: string, userId: string) =>
  call(app, cookie, 'POST', `/api/v1/moderation/members/${userId}/reject`)

export async function pendingQueue(
  app: App,
  cookie: string,
  query = '',
): Promise<PendingMembersPage> {
  const response = await call(app, cookie, 'GET', `/api/v1/moderation/members/pending${query}`)
  if (response.statusCode !== 200) throw new Error(`queue: ${response.statusCode} ${response.body}`)
  return response.json()
}
