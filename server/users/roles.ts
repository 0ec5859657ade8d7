import { eq } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { usersTable, type UserRole, type UserRow } from './users.table'

// DESIGN §2: MODERATOR_EMAILS and ADMIN_EMAILS grant roles at sign-in. Granting only (never
// revoking) so a role set by `npm run user:role` survives the next sign-in.
export function configuredRoles(
  config: Pick<Config, 'moderatorEmails' | 'adminEmails'>,
  email: string,
): UserRole[] {
  const address = email.toLowerCase()
  const roles: UserRole[] = []
  if (config.moderatorEmails.some((listed) => listed.toLowerCase() === address))
    roles.push('moderator')
  if (config.adminEmails.some((listed) => listed.toLowerCase() === address)) roles.push('admin')
  return roles
}

export async function grantConfiguredRoles(
  db: Database,
  config: Config,
  user: Pick<UserRow, 'id' | 'email' | 'roles'>,
) {
  const missing = configuredRoles(config, user.email).filter((role) => !user.roles.includes(role))
  if (missing.length === 0) return
  await db
    .update(usersTable)
    .set({ roles: [...user.roles, ...missing] })
    .where(eq(usersTable.id, user.id))
}
