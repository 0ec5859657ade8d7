import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { normaliseEmail } from '@contract/auth'
import { isLanguage } from '@contract/languages'
import {
  isModerator,
  type OnboardingProfile,
  type Profile,
  type ProfileBody,
} from '@contract/users'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { isUniqueViolation } from '../db/unique-violation'
import { rolesAfterAddressChange } from './roles'
import { usersTable, type UserRow } from './users.table'

/**
 * GET /api/v1/users/me (spec 000 §3, §7): the member's own profile, never anyone else's.
 * `pendingEmail`: a new address waiting for its link (issue 37); `email` stays in force till then.
 */
export function toProfile(user: UserRow, pendingEmail: string | null = null): Profile {
  const hasProfile = user.profileCompletedAt !== null
  return {
    user_id: user.id,
    display_name: user.displayName,
    first_name: hasProfile ? user.firstName : null,
    last_name: hasProfile ? user.lastName : null,
    email: user.email,
    pending_email: pendingEmail,
    email_verified: user.emailVerifiedAt !== null,
    has_password: user.passwordHash !== null,
    language: isLanguage(user.language) ? user.language : null,
    is_moderator: isModerator({ roles: user.roles }),
    roles: user.roles,
    has_profile: hasProfile,
    onboarding_profile: hasProfile ? null : onboardingProfile(user),
  }
}

// Spec 000 §4: the form is prefilled from what a provider told us, else from the account's email.
function onboardingProfile(user: UserRow): OnboardingProfile {
  return (
    user.onboardingPrefill ?? {
      first_name: null,
      last_name: null,
      email: user.email,
      provider: null,
      provider_user_id: null,
    }
  )
}

/** Another account already uses this address (spec 000 §5 email uniqueness). */
export async function emailTakenByOther(
  db: Database,
  email: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(eq(sql`lower(${usersTable.email})`, email.toLowerCase()), ne(usersTable.id, userId)))
    .limit(1)
  return row !== undefined
}

/**
 * Saves the onboarding form; a changed email is stored unverified (the caller mails a link).
 * Only for an account whose address was never verified: a verified one changes its address
 * through a confirmed change (`moveEmail`), so the caller passes the current address then.
 */
export async function saveProfile(
  db: Database,
  user: UserRow,
  body: ProfileBody,
  now: Date,
): Promise<UserRow> {
  const email = normaliseEmail(body.email)
  const emailChanged = email !== user.email
  const [row] = await db
    .update(usersTable)
    .set({
      firstName: body.first_name,
      lastName: body.last_name,
      phoneNumber: body.phone_number ?? null,
      countryIso2: body.country_iso2,
      gender: body.gender,
      birthMonth: body.birth_month,
      birthDay: body.birth_day,
      ...(emailChanged ? { email, emailVerifiedAt: null } : {}),
      profileCompletedAt: user.profileCompletedAt ?? now,
      updatedAt: now,
    })
    .where(eq(usersTable.id, user.id))
    .returning()
  return row!
}

/**
 * Marks the address verified, only if it is still the account's address (a link proves one
 * address); returns the account as it now is, or null when the link's address is not its own.
 */
export async function markEmailVerified(
  db: Database,
  owner: { userId: string; email: string },
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(usersTable)
    .set({
      emailVerifiedAt: sql`coalesce(${usersTable.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(usersTable.id, owner.userId),
        eq(sql`lower(${usersTable.email})`, owner.email.toLowerCase()),
      ),
    )
    .returning()
  return row ?? null
}

/**
 * Issue 37: the account's address becomes `email`, proven by a mailed link (a confirmed change,
 * or its undo back to the address it left), so it is verified at once, and the roles that the
 * lists tie to addresses follow it (roles.ts). Null when another account holds the address now.
 */
export async function moveEmail(
  db: Database,
  config: Pick<Config, 'moderatorEmails' | 'adminEmails'>,
  { userId, email, now }: { userId: string; email: string; now: Date },
): Promise<UserRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(usersTable)
        .where(eq(usersTable.id, userId))
        .for('update')
      if (!user) return null
      const address = normaliseEmail(email)
      const roles = rolesAfterAddressChange(config, user.roles, user.email, {
        email: address,
        emailVerifiedAt: now,
      })
      const [row] = await tx
        .update(usersTable)
        .set({ email: address, emailVerifiedAt: now, roles, updatedAt: now })
        .where(eq(usersTable.id, userId))
        .returning()
      return row ?? null
    })
  } catch (error) {
    if (isUniqueViolation(error)) return null
    throw error
  }
}

export async function setPasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  now: Date,
) {
  await db.update(usersTable).set({ passwordHash, updatedAt: now }).where(eq(usersTable.id, userId))
}

/** Public names only (spec 000 §1): all that other members may see of a user. */
export async function getDisplayNames(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: usersTable.id, displayName: usersTable.displayName })
    .from(usersTable)
    .where(inArray(usersTable.id, unique))
  return new Map(rows.map((row) => [row.id, row.displayName]))
}
