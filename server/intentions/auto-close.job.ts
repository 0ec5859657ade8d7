import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { recordEvent } from '../events/record-event'
import type { ScheduledJob } from '../events/scheduled-jobs'
import { intentionsTable } from './intentions.table'

const DAY_MS = 24 * 60 * 60 * 1000
export const AUTO_CLOSE_JOB = 'auto-close'

/**
 * When a request was last alive: posted, edited, or reopened. A request reopened after an
 * automatic close gets its full N days again (docs/community.md).
 */
const lastActivity = sql`greatest(${intentionsTable.createdAt}, ${intentionsTable.updatedAt}, coalesce(${intentionsTable.statusChangedAt}, ${intentionsTable.createdAt}))`

/**
 * Issue 38's auto_close_days: releases every active request whose last activity is `days` or
 * more before `now`, as the author's "released in peace" does (no reason given), and records
 * IntentionAutoClosed for each in the same transaction (its author is told). One statement
 * picks and closes: however many processes run it at once, each request is closed once.
 * Held and removed requests are left as they are.
 */
export async function closeOldRequests(db: Database, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS)
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(intentionsTable)
      .set({
        status: 'released_in_peace',
        closureReason: null,
        closureReasonNote: null,
        statusChangedAt: now,
      })
      .where(
        and(
          eq(intentionsTable.status, 'active'),
          isNull(intentionsTable.removedAt),
          isNull(intentionsTable.heldAt),
          lt(lastActivity, before),
        ),
      )
      .returning({ id: intentionsTable.id, authorId: intentionsTable.authorId })
    const changedAt = now.toISOString()
    for (const { id, authorId } of closed)
      await recordEvent(
        tx,
        { type: 'IntentionAutoClosed', payload: { intentionId: id, authorId, days, changedAt } },
        { occurredAt: now },
      )
    return closed.length
  })
}

/** The day (UTC) a run is due for: each process asks hourly, the first to ask runs it. */
export const autoCloseDay = (now: Date) => now.toISOString().slice(0, 10)

/** Daily, on the community's setting of the moment; never while it is null. */
export function autoCloseJob(
  db: Database,
  autoCloseDays: () => Promise<number | null>,
): ScheduledJob {
  return {
    name: AUTO_CLOSE_JOB,
    everyMs: 60 * 60 * 1000,
    periodDue: autoCloseDay,
    run: async (_period, occurredAt) => {
      const days = await autoCloseDays()
      if (days !== null) await closeOldRequests(db, days, occurredAt)
    },
  }
}
