import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { findUserByEmail } from './users.repository'
import { USER_ROLES, usersTable, type UserRole } from './users.table'

export function isUserRole(value: string): value is UserRole {
  return (USER_ROLES as readonly string[]).includes(value)
}

/**
 * `moderator` or `admin` adds the role; `member` takes both away again. Every account keeps
 * `member`. Returns the new roles, or null when no account has that address.
 */
export async function setUserRole(
  db: Database,
  email: string,
  role: UserRole,
): Promise<UserRole[] | null> {
  const user = await findUserByEmail(db, email)
  if (!user) return null
  const roles: UserRole[] =
    role === 'member' ? ['member'] : [...new Set<UserRole>(['member', ...user.roles, role])]
  await db
    .update(usersTable)
    .set({ roles, updatedAt: new Date() })
    .where(eq(usersTable.id, user.id))
  return roles
}
