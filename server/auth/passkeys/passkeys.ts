import { and, desc, eq } from 'drizzle-orm'
import type { Passkey } from '@contract/passkeys'
import type { Database } from '../../db/client'
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
