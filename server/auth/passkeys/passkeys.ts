import { and, count, desc, eq } from 'drizzle-orm'
import type { Passkey } from '@contract/passkeys'
import type { Database } from '../../db/client'
import { socialIdentitiesTable } from '../social/identities.table'
import { usersTable } from '../../users/users.table'
import { passkeysTable, type PasskeyRow } from './passkeys.table'

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }
}

export function listPasskeys(db: Database, userId: string) {
  return db
    .select()
    .from(passkeysTable)
    .where(eq(passkeysTable.userId, userId))
    .orderBy(desc(passkeysTable.createdAt))
}

export async function findPasskeyByCredentialId(db: Database, credentialId: string) {
  const [row] = await db
    .select()
    .from(passkeysTable)
    .where(eq(passkeysTable.credentialId, credentialId))
  return row ?? null
}

/** The member's own passkey, or null: another member's is as absent as one that never was. */
export const ownPasskey = (userId: string, id: string) =>
  and(eq(passkeysTable.userId, userId), eq(passkeysTable.id, id))

/**
 * Whether the account keeps a way to sign in without this passkey: a password, a linked
 * provider or another passkey (issue 39: the last way to sign in can never be removed).
 */
export async function hasAnotherWayToSignIn(db: Database, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: usersTable.passwordHash })
    .from(usersTable)
    .where(eq(usersTable.id, userId))
  if (user?.passwordHash) return true
  const [identities] = await db
    .select({ n: count() })
    .from(socialIdentitiesTable)
    .where(eq(socialIdentitiesTable.userId, userId))
  if ((identities?.n ?? 0) > 0) return true
  const [passkeys] = await db
    .select({ n: count() })
    .from(passkeysTable)
    .where(eq(passkeysTable.userId, userId))
  return (passkeys?.n ?? 0) > 1
}
