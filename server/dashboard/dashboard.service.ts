import {
  DASHBOARD_FIGURE_KEYS,
  DASHBOARD_WEEKS,
  type Dashboard,
  type DashboardFigureKey,
} from '@contract/dashboard'
import type { Database } from '../db/client'
import { dashboardWeeks } from './dashboard-weeks'
import { activeMembers, weeklyFigures } from './dashboard.queries'

/** How long an answer is served again: the figures move by the week, the statements scan weeks. */
export const DASHBOARD_CACHE_MS = 60_000

export interface DashboardReader {
  /** The figures, at most DASHBOARD_CACHE_MS old; concurrent readers share one computation. */
  read(): Promise<Dashboard>
}

export interface DashboardOptions {
  db: Database
  now: () => Date
  /** The community's time zone (its settings, kept per process), read on each call. */
  timeZone: () => Promise<string>
}

/** One per app (never module state): the route and the /metrics gauges read the same answer. */
export function createDashboard({ db, now, timeZone }: DashboardOptions): DashboardReader {
  let cached: { zone: string; at: number; answer: Promise<Dashboard> } | null = null
  return {
    async read() {
      const zone = await timeZone()
      const at = now().getTime()
      // A new zone moves every week's bounds: it is a new answer at once.
      if (cached && cached.zone === zone && at - cached.at < DASHBOARD_CACHE_MS)
        return cached.answer
      const answer = computeDashboard(db, zone, new Date(at))
      cached = { zone, at, answer }
      // A failed read is not kept: the next caller tries again.
      answer.catch(() => {
        if (cached?.answer === answer) cached = null
      })
      return answer
    },
  }
}

export async function computeDashboard(
  db: Database,
  timeZone: string,
  now: Date,
): Promise<Dashboard> {
  const { labels, bounds } = dashboardWeeks(timeZone, now, DASHBOARD_WEEKS)
  const rows = await weeklyFigures(db, bounds)
  // Each point of a level figure stands at its week's end: the next week's start, or now.
  const active = await activeMembers(db, bounds.slice(1))
  const weekly = (key: string) => {
    const series: (number | null)[] = labels.map(() => null)
    for (const row of rows)
      if (row.key === key && row.bucket >= 1 && row.bucket <= labels.length)
        series[row.bucket - 1] = row.value
    return series
  }
  const counts = (key: string) => weekly(key).map((value) => value ?? 0)
  const before = (key: string) => rows.find((row) => row.key === key && row.bucket === 0)

  const joined = counts('members_joined')
  let total = before('members_joined')?.value ?? 0
  const judged = counts('first_prayer_judged')
  const met = counts('first_prayer_met')
  const activeAt = (pick: (row: (typeof active)[number]) => number) =>
    labels.map((_, index) => {
      const row = active.find((point) => point.point === index)
      return row ? pick(row) : 0
    })

  const series: Record<DashboardFigureKey, (number | null)[]> = {
    members_total: joined.map((count) => (total += count)),
    members_joined: joined,
    members_active_7d: activeAt((row) => row.active7),
    members_active_30d: activeAt((row) => row.active30),
    requests_posted: counts('requests_posted'),
    prayers_said: counts('prayers_said'),
    requests_answered: counts('requests_answered'),
    testimonies_posted: counts('testimonies_posted'),
    rooms_held: counts('rooms_held'),
    first_prayer_within_24h: judged.map((count, index) =>
      count === 0 ? null : met[index]! / count,
    ),
    reports_opened: counts('reports_opened'),
    report_handling_median_seconds: weekly('report_handling_median_seconds').map((value) =>
      value === null ? null : Math.round(value),
    ),
  }
  return {
    time_zone: timeZone,
    generated_at: now.toISOString(),
    weeks: labels,
    figures: DASHBOARD_FIGURE_KEYS.map((key) => ({
      key,
      // Levels stand now (their last point ends now); flows count this week so far.
      value: series[key].at(-1) ?? null,
      series: series[key],
    })),
  }
}
