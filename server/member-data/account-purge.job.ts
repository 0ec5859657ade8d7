import { ACCOUNT_FREED_AFTER_DAYS, KEPT_FOR_REVIEW_DAYS } from '@contract/account-deletion'
import { purgeMemberComments } from '../comments/member-deletion'
import type { Database } from '../db/client'
import type { ScheduledJob } from '../events/scheduled-jobs'
import { purgeMemberIntentions } from '../intentions/member-deletion'
import { purgeMemberRooms } from '../rooms/member-deletion'
import { purgeMemberTestimonies } from '../testimonies/member-deletion'
import { accountsClosedBefore, freeClosedAccounts } from '../users/member-deletion'

const DAY_MS = 24 * 60 * 60 * 1000
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)

/**
 * Issue 40 (ADR 0035), what a deletion leaves for later: 30 days on, the account's email and
 * display name are freed; 90 days on, the posts kept for the moderators are deleted. Safe to run
 * again: each step picks only what is still due.
 */
export async function purgeClosedAccounts(db: Database, now: Date) {
  const freed = await freeClosedAccounts(db, daysBefore(now, ACCOUNT_FREED_AFTER_DAYS), now)
  const expired = await accountsClosedBefore(db, daysBefore(now, KEPT_FOR_REVIEW_DAYS))
  await db.transaction(async (tx) => {
    await purgeMemberComments(tx, expired)
    await purgeMemberTestimonies(tx, expired)
    await purgeMemberIntentions(tx, expired)
    await purgeMemberRooms(tx, expired)
  })
  return { freed: freed.length }
}

/** Daily, on the first process to ask in each hour of a day. */
export function accountPurgeJob(db: Database): ScheduledJob {
  return {
    name: 'account-purge',
    everyMs: 60 * 60 * 1000,
    periodDue: (now) => now.toISOString().slice(0, 10),
    run: async (_period, occurredAt) => {
      await purgeClosedAccounts(db, occurredAt)
    },
  }
}
