import type { ScheduledJob } from '../events/scheduled-jobs'
import { weekOfPrayers } from '../intentions/intention-reads'
import type { Notifier } from './notifier'

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

/** The week before the one holding `now`, named by its Monday: '2026-11-16'. */
export function lastWeek(now: Date): string {
  return new Date(weekStart(now).getTime() - 7 * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The WeeklySummary of one week (its Monday, `period`). Runs once per week across every server
 * process as a scheduled job (server/events/scheduled-jobs.ts); a repeat of the same week
 * raises nothing new (the dedupe key names the week). Only members with something to hear get
 * one (no "0 people" digests).
 */
export async function sendWeeklySummary(notifier: Notifier, period: string): Promise<void> {
  const from = new Date(`${period}T00:00:00.000Z`)
  const to = new Date(from.getTime() + 7 * DAY_MS)
  const { prayedFor, answered } = await weekOfPrayers(notifier.db, from, to)
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
}

/** Asked hourly by every process; the first to ask in a week records it, the rest find it there. */
export function weeklySummaryJob(notifier: Notifier): ScheduledJob {
  return {
    name: WEEKLY_SUMMARY_JOB,
    everyMs: 60 * 60 * 1000,
    periodDue: lastWeek,
    run: (period) => sendWeeklySummary(notifier, period),
  }
}
