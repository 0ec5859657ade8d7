import { and, count, gt, inArray, lt } from 'drizzle-orm'
import { FAILED_ATTEMPTS_BEFORE_CAPTCHA } from '@contract/auth'
import type { Database } from '../db/client'
import { loginFailuresTable } from './login-failures.table'

// Spec 000 §4/§9 and DESIGN §5: 3 failures require the proof-of-work check; sustained failures
// answer 400, the spec's "Too many attempts". An IP gets more room than an account because a
// household or an office shares one address.
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
export const ACCOUNT_LOCK_AFTER = 10
export const IP_LOCK_AFTER = 50

// An account's failures are kept apart by whether the attempt had solved the check: only those
// count toward its lock, so nobody can lock an account by merely sending its address (issue 37).
const accountSubject = (email: string) => `account:${email}`
const checkedAccountSubject = (email: string) => `account-checked:${email}`
const ipSubject = (ip: string) => `ip:${ip}`

export interface FailureState {
  captchaRequired: boolean
  /** Too many failures from this address: it is refused whatever it sends. */
  ipLocked: boolean
  /** Failures with the check solved that the account's lock counts. */
  checkedAccountFailures: number
}

export async function failureState(
  db: Database,
  input: { email: string; ip: string; now: Date },
): Promise<FailureState> {
  const since = new Date(input.now.getTime() - FAILURE_WINDOW_MS)
  const rows = await db
    .select({ subject: loginFailuresTable.subject, failures: count() })
    .from(loginFailuresTable)
    .where(
      and(
        inArray(loginFailuresTable.subject, [
          accountSubject(input.email),
          checkedAccountSubject(input.email),
          ipSubject(input.ip),
        ]),
        gt(loginFailuresTable.createdAt, since),
      ),
    )
    .groupBy(loginFailuresTable.subject)
  const failuresOf = (subject: string) => rows.find((row) => row.subject === subject)?.failures ?? 0
  const checked = failuresOf(checkedAccountSubject(input.email))
  const account = failuresOf(accountSubject(input.email)) + checked
  const ip = failuresOf(ipSubject(input.ip))
  return {
    captchaRequired:
      account >= FAILED_ATTEMPTS_BEFORE_CAPTCHA || ip >= FAILED_ATTEMPTS_BEFORE_CAPTCHA,
    ipLocked: ip >= IP_LOCK_AFTER,
    checkedAccountFailures: checked,
  }
}

/**
 * The account's lock is on once this many checked failures are in the window. It refuses wrong
 * passwords only: one that refused the right password with a solved check would let anyone who
 * can solve the check keep the owner out (docs/auth.md).
 */
export function accountLocked(checkedFailures: number) {
  return checkedFailures >= ACCOUNT_LOCK_AFTER
}

/**
 * A wrong password. `solvedCheck` says whether the attempt carried a solved check; one that did
 * not reached the password only because the check was not yet required.
 */
export async function recordFailure(
  db: Database,
  input: { email: string; ip: string; now: Date; solvedCheck: boolean },
) {
  const account = input.solvedCheck
    ? checkedAccountSubject(input.email)
    : accountSubject(input.email)
  await db.insert(loginFailuresTable).values([
    { subject: account, createdAt: input.now },
    { subject: ipSubject(input.ip), createdAt: input.now },
  ])
  await dropOldFailures(db, input.now)
}

/** An attempt that skipped or failed the required check: it counts against its address only. */
export async function recordIpFailure(db: Database, input: { ip: string; now: Date }) {
  await db.insert(loginFailuresTable).values({ subject: ipSubject(input.ip), createdAt: input.now })
  await dropOldFailures(db, input.now)
}

// Old rows count for nothing; dropping them here keeps the table small without a job.
async function dropOldFailures(db: Database, now: Date) {
  await db
    .delete(loginFailuresTable)
    .where(lt(loginFailuresTable.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)))
}

/** The right password clears the account's count; the IP's stays (a sprayer may own one account). */
export async function clearAccountFailures(db: Database, email: string) {
  await db
    .delete(loginFailuresTable)
    .where(
      inArray(loginFailuresTable.subject, [accountSubject(email), checkedAccountSubject(email)]),
    )
}
