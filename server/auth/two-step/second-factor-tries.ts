import { eq, sql } from 'drizzle-orm'
import { AuthErrorCode, AuthMessage } from '@contract/auth'
import type { Database } from '../../db/client'
import { httpError } from '../../errors/problem-error'
import { totpCredentialsTable } from './two-step.table'

// As many wrong codes as a password gets wrong sign-ins per address in its window (AUTH_LIMITS):
// a million codes cannot be walked through 10 at a time. Kept in the database, so every process
// counts the same tries.
const MAX_FAILURES = 10
const WINDOW_MS = 15 * 60 * 1000

/** Refuses before any check once the account's wrong codes fill the window. */
export async function refuseWhenTooManyFailures(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ failures: totpCredentialsTable.failures, since: totpCredentialsTable.failuresSince })
    .from(totpCredentialsTable)
    .where(eq(totpCredentialsTable.userId, userId))
  if (row?.since && row.failures >= MAX_FAILURES && now.getTime() - row.since.getTime() < WINDOW_MS)
    throw httpError(429, AuthErrorCode.tooManyAttempts, AuthMessage.tooManyAttempts)
}

/** Counts a wrong code; a window that has run out starts again at one. */
export async function recordFailure(db: Database, userId: string, now: Date) {
  const windowStart = sql`${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`
  await db
    .update(totpCredentialsTable)
    .set({
      failures: sql`case when ${totpCredentialsTable.failuresSince} > ${windowStart} then ${totpCredentialsTable.failures} + 1 else 1 end`,
      failuresSince: sql`case when ${totpCredentialsTable.failuresSince} > ${windowStart} then ${totpCredentialsTable.failuresSince} else ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(totpCredentialsTable.userId, userId))
}

export async function clearFailures(db: Database, userId: string) {
  await db
    .update(totpCredentialsTable)
    .set({ failures: 0, failuresSince: null })
    .where(eq(totpCredentialsTable.userId, userId))
}
