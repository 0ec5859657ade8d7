import { and, arrayOverlaps, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { displayNameCandidates } from './display-name'
import { usersTable, type UserRole, type UserRow } from './users.table'

// The account's row and roles as the repository hands them out: other capabilities take these
// types from here, never from users.table.ts (server-tables-are-private).
export type { UserRole, UserRow }

export interface NewUser {
  email: string
  passwordHash: string | null
  emailVerifiedAt?: Date | null
  roles?: UserRole[]
  onboardingPrefill?: UserRow['onboardingPrefill']
  /** Shapes the display name (spec 000 §7 display-name?gender=). */
  gender?: string | null
  /** Real names the display name must not reveal (server/users/display-name.ts). */
  avoidNames?: readonly string[]
  /** Issue 38: set when the community approves newcomers (join = "approval"). */
  pendingSince?: Date | null
  now: Date
}

// More clashes than this in a row means the word lists are exhausted, not bad luck.
const MAX_NAME_ATTEMPTS = 50

/**
 * Inserts the account with a freshly drawn display name; a name already taken is skipped by
 * ON CONFLICT and the next candidate tried, so two sign-ups racing never share a name.
 */
export async function insertUser(
  db: Database,
  user: NewUser,
  random: () => number = Math.random,
): Promise<UserRow> {
  const candidates = displayNameCandidates({
    random,
    gender: user.gender ?? null,
    avoid: user.avoidNames ?? [],
  })
  for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(usersTable)
      .values({
        email: user.email,
        passwordHash: user.passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? null,
        displayName: candidates.next().value,
        roles: user.roles ?? ['member'],
        onboardingPrefill: user.onboardingPrefill ?? null,
        pendingSince: user.pendingSince ?? null,
        createdAt: user.now,
        updatedAt: user.now,
      })
      .onConflictDoNothing({ target: usersTable.displayName })
      .returning()
    if (row) return row
  }
  throw new Error('No free display name after many attempts')
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(usersTable)
    .where(eq(sql`lower(${usersTable.email})`, email.trim().toLowerCase()))
    .limit(1)
  return row ?? null
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(usersTable).where(eq(usersTable.id, id)).limit(1)
  return row ?? null
}

/** A member's display name, or undefined for no such account. */
export async function displayNameOf(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ displayName: usersTable.displayName })
    .from(usersTable)
    .where(eq(usersTable.id, id))
  return row?.displayName
}

/** The display names of `ids`, closed accounts included, by id. */
export async function displayNamesOf(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: usersTable.id, name: usersTable.displayName })
    .from(usersTable)
    .where(inArray(usersTable.id, ids))
  return new Map(rows.map((user) => [user.id, user.name]))
}

/** The display names of those of `ids` whose accounts are open (not deleted), by id. */
export async function openAccountNames(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: usersTable.id, name: usersTable.displayName })
    .from(usersTable)
    .where(and(inArray(usersTable.id, ids), isNull(usersTable.closedAt)))
  return new Map(rows.map((user) => [user.id, user.name]))
}

/** Every moderator and admin. */
export async function staffIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(arrayOverlaps(usersTable.roles, ['moderator', 'admin']))
  return rows.map((row) => row.id)
}

/**
 * The member's row locked until the transaction ends, so two writes that each check what the
 * other changes (the last way to sign in, a data export, the account's deletion) run one after
 * the other; with the name and whether the account is closed, or undefined for no such account.
 */
export async function lockMember(tx: Database, userId: string) {
  const [row] = await tx
    .select({ displayName: usersTable.displayName, closedAt: usersTable.closedAt })
    .from(usersTable)
    .where(eq(usersTable.id, userId))
    .for('update')
  return row
}

/** A suspension until `until`, or none (null): the session reads it on every request. */
export async function setSuspendedUntil(tx: Database, userId: string, until: Date | null) {
  await tx.update(usersTable).set({ suspendedUntil: until }).where(eq(usersTable.id, userId))
}
