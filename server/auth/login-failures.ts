import { and, count, eq, gt, inArray, lt } from 'drizzle-orm'
import { FAILED_ATTEMPTS_BEFORE_CAPTCHA } from '@contract/auth'
import type { Database } from '../db/client'
import { loginFailuresTable } from './login-failures.table'

// Spec 000 §4/§9 and DESIGN §5: 3 failures require the proof-of-work check; sustained failures
// lock sign-in (answered 400, the spec's "Too many attempts"). An IP gets more room than an
// account because a household or an office shares one address.
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
export const ACCOUNT_LOCK_AFTER = 10
export const IP_LOCK_AFTER = 50

const accountSubject = (email: string) => `account:${email}`
const ipSubject = (ip: string) => `ip:${ip}`

export interface FailureState {
  captchaRequired: boolean
  locked: boolean
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
        inArray(loginFailuresTable.subject, [accountSubject(input.email), ipSubject(input.ip)]),
        gt(loginFailuresTable.createdAt, since),
      ),
    )
    .groupBy(loginFailuresTable.subject)
  const account = rows.find((row) => row.subject === accountSubject(input.email))?.failures ?? 0
  const ip = rows.find((row) => row.subject === ipSubject(input.ip))?.failures ?? 0
  return {
    captchaRequired:
      account >= FAILED_ATTEMPTS_BEFORE_CAPTCHA || ip >= FAILED_ATTEMPTS_BEFORE_CAPTCHA,
    locked: account >= ACCOUNT_LOCK_AFTER || ip >= IP_LOCK_AFTER,
  }
}

export async function recordFailure(db: Database, input: { email: string; ip: string; now: Date }) {
  await db.insert(loginFailuresTable).values([
    { subject: accountSubject(input.email), createdAt: input.now },
    { subject: ipSubject(input.ip), createdAt: input.now },
  ])
  // Old rows count for nothing; dropping them here keeps the table small without a job.
  await db
    .delete(loginFailuresTable)
    .where(lt(loginFailuresTable.createdAt, new Date(input.now.getTime() - FAILURE_WINDOW_MS)))
}

/** The right password clears the account's count; the IP's stays (a sprayer may own one account). */
export async function clearAccountFailures(db: Database, email: string) {
  await db.delete(loginFailuresTable).where(eq(loginFailuresTable.subject, accountSubject(email)))
}
