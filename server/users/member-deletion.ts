import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { displayNameChangesTable } from './display-name-changes.table'
import { usersTable } from './users.table'

/**
 * Issue 40 (ADR 0035): the account row is closed, not deleted, so that the prayers and
 * reactions the member gave keep counting through their foreign keys. Its private profile and
 * its password go now; the email and the display name stay reserved for 30 days (a sign-up with
 * that address within them is answered as for any taken one), then `freeClosedAccounts`
 * replaces them with placeholders that name nobody.
 */
export async function closeAccount(tx: Database, userId: string, now: Date) {
  await tx.delete(displayNameChangesTable).where(eq(displayNameChangesTable.userId, userId))
  await tx
    .update(usersTable)
    .set({
      closedAt: now,
      passwordHash: null,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      countryIso2: null,
      gender: null,
      birthMonth: null,
      birthDay: null,
      onboardingPrefill: null,
      roles: ['member'],
      suspendedUntil: null,
      pendingSince: null,
      updatedAt: now,
    })
    .where(eq(usersTable.id, userId))
}

/**
 * Frees the email and display name of accounts closed at or before `closedBefore`. The
 * placeholders are built from the row's random id: unique, and they say nothing of the member.
 */
export async function freeClosedAccounts(db: Database, closedBefore: Date, now: Date) {
  const u = usersTable
  return db
    .update(u)
    .set({
      email: sql`${u.id}::text || '@deleted.invalid'`,
      // 32 characters, the names' limit: the uuid's random tail.
      displayName: sql`'deleted-' || right(replace(${u.id}::text, '-', ''), 24)`,
      emailVerifiedAt: null,
      anonymisedAt: now,
    })
    .where(and(isNotNull(u.closedAt), lte(u.closedAt, closedBefore), isNull(u.anonymisedAt)))
    .returning({ id: u.id })
}

/** The accounts closed at or before `closedBefore`: their kept posts are purged. */
export async function accountsClosedBefore(db: Database, closedBefore: Date) {
  const rows = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(isNotNull(usersTable.closedAt), lte(usersTable.closedAt, closedBefore)))
  return rows.map((row) => row.id)
}
