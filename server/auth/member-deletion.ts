import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import { knownDevicesTable } from './devices/known-devices.table'
import { passkeysTable } from './passkeys/passkeys.table'
import { sessionsTable } from './sessions.table'
import { socialPendingLinksTable } from './social/pending-links.table'
import { socialIdentitiesTable } from './social/identities.table'
import { authTokensTable } from './tokens.table'

/**
 * Issue 40: a deleted account can no longer be signed in to by any way. Every session ends
 * (the NOTIFY trigger empties every process's session cache; SessionEnded, delivered after
 * commit, closes the hub connections on every process), and the linked sign-ins, passkeys, pending links,
 * mailed tokens and known devices go. The password's hash is cleared with the row
 * (users/member-deletion.ts).
 */
export async function signOutForGood(tx: Database, userId: string, now: Date) {
  await tx.delete(sessionsTable).where(eq(sessionsTable.userId, userId))
  await tx.delete(socialIdentitiesTable).where(eq(socialIdentitiesTable.userId, userId))
  await tx.delete(socialPendingLinksTable).where(eq(socialPendingLinksTable.userId, userId))
  await tx.delete(authTokensTable).where(eq(authTokensTable.userId, userId))
  await tx.delete(knownDevicesTable).where(eq(knownDevicesTable.userId, userId))
  await tx.delete(passkeysTable).where(eq(passkeysTable.userId, userId))
  await recordEvent(tx, { type: 'SessionEnded', payload: { userId } }, { occurredAt: now })
}
