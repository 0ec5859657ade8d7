import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { AccountErrorCode, AccountMessage, DISPLAY_NAME_CHANGE_DAYS } from '@contract/account'
import type { Database } from '../db/client'
import { isUniqueViolation } from '../db/unique-violation'
import { ProblemError } from '../errors/problem-error'
import { displayNameChangesTable } from './display-name-changes.table'
import { usersTable, type UserRow } from './users.table'

const WEEK_MS = DISPLAY_NAME_CHANGE_DAYS * 24 * 60 * 60 * 1000

// The refusal names the moment in UTC (the reader's zone is not known here); `next_change_at`
// carries it for a client that words it in the reader's own.
const WHEN = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
})

function tooSoon(next: Date, now: Date) {
  const message = AccountMessage.displayNameTooSoon(`${WHEN.format(next)} UTC`)
  return new ProblemError(
    429,
    AccountErrorCode.displayNameTooSoon,
    message,
    [{ field: 'display_name', message }],
    { next_change_at: next.toISOString() },
    { 'retry-after': String(Math.ceil((next.getTime() - now.getTime()) / 1000)) },
  )
}

function taken() {
  return new ProblemError(409, AccountErrorCode.displayNameTaken, AccountMessage.displayNameTaken, [
    { field: 'display_name', message: AccountMessage.displayNameTaken },
  ])
}

/**
 * Issue 39: the member's own choice of display name, at most once a week. Unique without regard
 * to case, so "gentle dove 7" cannot pass for "Gentle Dove 7". The same name again changes
 * nothing and spends no week. The caller checks the content policy first.
 */
export async function changeDisplayName(
  db: Database,
  { userId, displayName, now }: { userId: string; displayName: string; now: Date },
): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      // Locked, so two changes at once cannot both pass the weekly check.
      const [user] = await tx
        .select()
        .from(usersTable)
        .where(eq(usersTable.id, userId))
        .for('update')
      if (!user) throw new Error('The signed-in member has no account')
      if (user.displayName === displayName) return user
      const [last] = await tx
        .select({ changedAt: displayNameChangesTable.changedAt })
        .from(displayNameChangesTable)
        .where(eq(displayNameChangesTable.userId, userId))
        .orderBy(desc(displayNameChangesTable.changedAt))
        .limit(1)
      const next = last ? new Date(last.changedAt.getTime() + WEEK_MS) : null
      if (next && next > now) throw tooSoon(next, now)
      const [clash] = await tx
        .select({ id: usersTable.id })
        .from(usersTable)
        .where(
          and(
            eq(sql`lower(${usersTable.displayName})`, displayName.toLowerCase()),
            ne(usersTable.id, userId),
          ),
        )
        .limit(1)
      if (clash) throw taken()
      const [row] = await tx
        .update(usersTable)
        .set({ displayName, updatedAt: now })
        .where(eq(usersTable.id, userId))
        .returning()
      await tx.insert(displayNameChangesTable).values({ userId, changedAt: now })
      return row!
    })
  } catch (error) {
    // Another member took the name between the check and the update.
    if (isUniqueViolation(error)) throw taken()
    throw error
  }
}
