import { eq } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { usersTable, type UserRole, type UserRow } from './users.table'

type RoleLists = Pick<Config, 'moderatorEmails' | 'adminEmails'>

/** The account's address as the lists see it: a role goes only to an address proven to be its. */
export type ListedAddress = Pick<UserRow, 'email' | 'emailVerifiedAt'>

function listedRoles(config: RoleLists, email: string): UserRole[] {
  const address = email.toLowerCase()
  const roles: UserRole[] = []
  if (config.moderatorEmails.some((listed) => listed.toLowerCase() === address))
    roles.push('moderator')
  if (config.adminEmails.some((listed) => listed.toLowerCase() === address)) roles.push('admin')
  return roles
}

/**
 * DESIGN §2, issue 37: MODERATOR_EMAILS and ADMIN_EMAILS give their role only to an account whose
 * current address is verified (the mailed link, or a provider's `email_verified`). Anyone may
 * sign up with, or change to, a listed address; only its mailbox's owner becomes staff.
 */
export function configuredRoles(config: RoleLists, user: ListedAddress): UserRole[] {
  return user.emailVerifiedAt === null ? [] : listedRoles(config, user.email)
}

/**
 * Adds what the lists give the account (at sign-in and when an address is verified). Granting
 * only: a role set by `npm run user:role` or an admin survives every sign-in.
 */
export async function grantConfiguredRoles(
  db: Database,
  config: Config,
  user: Pick<UserRow, 'id' | 'roles'> & ListedAddress,
) {
  const missing = configuredRoles(config, user).filter((role) => !user.roles.includes(role))
  if (missing.length === 0) return
  await db
    .update(usersTable)
    .set({ roles: [...user.roles, ...missing] })
    .where(eq(usersTable.id, user.id))
}

/**
 * The roles after the account's address moved from `previousEmail` to `user.email` (a confirmed
 * change or its undo): a listed role belongs to the address, so the old address's list roles
 * go (unless the new address is listed for them too) and the new verified address's come.
 * A role that cannot be told apart from a list's (set by hand on a listed address) goes too:
 * the safe side; `npm run user:role` gives it back (docs/auth.md "Roles").
 */
export function rolesAfterAddressChange(
  config: RoleLists,
  roles: readonly UserRole[],
  previousEmail: string,
  user: ListedAddress,
): UserRole[] {
  const kept = configuredRoles(config, user)
  const dropped = listedRoles(config, previousEmail).filter((role) => !kept.includes(role))
  return [...new Set([...roles.filter((role) => !dropped.includes(role)), ...kept])]
}
