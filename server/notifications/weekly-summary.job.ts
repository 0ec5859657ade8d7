import { randomUUID } from 'node:crypto'
import { and, countDistinct, eq, gte, isNull, lt, ne } from 'drizzle-orm'
import { intentionsTable } from '../intentions/intentions.table'
import { prayersTable } from '../intentions/reactions.table'
import type { Notifier } from './notifier'
import { jobRunsTable } from './notifications.table'

const DAY_MS = 24 * 60 * 60 * 1000
export const WEEKLY_SUMMARY_JOB = 'weekly-summary'

/** Monday 00:00 UTC of the week holding `now`: summaries cover Monday to Monday. */
export function weekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const sinceMonday = (now.getUTCDay() + 6) % 7
  return new Date(midnight - sinceMonday * DAY_MS)
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export function summaryMessage(people: number, answered: number): string {
  const parts = []
  if (people > 0) parts.push(`${plural(people, 'person', 'people')} prayed for your intentions`)
  if (answered > 0)
    parts.push(
      `${plural(answered, 'prayer', 'prayers')} you prayed for ${answered === 1 ? 'was' : 'were'} answered`,
    )
  return `This week ${parts.join(' and ')}.`
}

/**
 * The WeeklySummary of last week, once across every server process: the first process to
 * insert (job, week) into job_runs sends it, the others' inserts conflict and they return false.
 * Only members with something to hear get one (no "0 people" digests).
 */
export async function runWeeklySummary(notifier: Notifier): Promise<boolean> {
  const { db } = notifier
  const to = weekStart(notifier.now())
  const from = new Date(to.getTime() - 7 * DAY_MS)
  const period = from.toISOString().slice(0, 10)
  const claimed = await db
    .insert(jobRunsTable)
    .values({ job: WEEKLY_SUMMARY_JOB, period, startedAt: notifier.now() })
    .onConflictDoNothing()
    .returning()
  if (claimed.length === 0) return false

  const prayedFor = await db
    .select({ userId: intentionsTable.authorId, people: countDistinct(prayersTable.userId) })
    .from(prayersTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, prayersTable.intentionId))
    .where(
      and(
        gte(prayersTable.createdAt, from),
        lt(prayersTable.createdAt, to),
        ne(prayersTable.userId, intentionsTable.authorId),
        isNull(intentionsTable.removedAt),
      ),
    )
    .groupBy(intentionsTable.authorId)
  const answered = await db
    .select({ userId: prayersTable.userId, prayers: countDistinct(intentionsTable.id) })
    .from(prayersTable)
    .innerJoin(intentionsTable, eq(intentionsTable.id, prayersTable.intentionId))
    .where(
      and(
        eq(intentionsTable.status, 'answered'),
        gte(intentionsTable.statusChangedAt, from),
        lt(intentionsTable.statusChangedAt, to),
        ne(prayersTable.userId, intentionsTable.authorId),
        isNull(intentionsTable.removedAt),
      ),
    )
    .groupBy(prayersTable.userId)

  const totals = new Map<string, { people: number; answered: number }>()
  for (const row of prayedFor) totals.set(row.userId, { people: row.people, answered: 0 })
  for (const row of answered)
    totals.set(row.userId, { people: totals.get(row.userId)?.people ?? 0, answered: row.prayers })
  for (const [userId, total] of totals)
    await notifier.raise({
      userId,
      type: 'WeeklySummary',
      title: 'Your week in prayer',
      message: summaryMessage(total.people, total.answered),
      data: { people: total.people, answered: total.answered, week: period },
      dedupeKey: `weekly:${period}`,
    })
  await db
    .update(jobRunsTable)
    .set({ finishedAt: notifier.now() })
    .where(and(eq(jobRunsTable.job, WEEKLY_SUMMARY_JOB), eq(jobRunsTable.period, period)))
  return true
}

/** Counts a job's runs and failures (`app.metrics.trackJob`). */
export type TrackJob = <T>(name: string, run: () => Promise<T>) => Promise<T>

/**
 * Checks hourly; the job_runs claim makes every check after the first of a week a no-op. Each
 * check gets its own id in the log (`reqId`, like a request) so its lines can be followed.
 */
export function scheduleWeeklySummary(
  notifier: Notifier,
  track: TrackJob,
  everyMs = 60 * 60 * 1000,
) {
  const tick = () => {
    const log = notifier.log.child({ reqId: `job-${randomUUID()}`, job: WEEKLY_SUMMARY_JOB })
    track(WEEKLY_SUMMARY_JOB, () => runWeeklySummary({ ...notifier, log }))
      .then((sent) => log.info({ sent }, 'job finished'))
      .catch((error: unknown) => log.error({ err: error }, 'weekly summary failed'))
  }
  const first = setTimeout(tick, 60_000)
  const timer = setInterval(tick, everyMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
