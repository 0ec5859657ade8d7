import { instantOf, wallClock } from '@contract/zoned-time'

const DAY_MS = 86_400_000

export interface DashboardWeeks {
  /** Each week's Monday (YYYY-MM-DD in the zone), oldest first. */
  labels: string[]
  /** Each week's first instant, oldest first, then `now`: week i is [bounds[i], bounds[i+1]). */
  bounds: Date[]
}

/**
 * The last `count` weeks in `timeZone`, this one (so far) last. Weeks start on Monday at
 * midnight on the zone's clock, so a week across a daylight-saving change is an hour longer or
 * shorter, as the community lives it.
 */
export function dashboardWeeks(timeZone: string, now: Date, count: number): DashboardWeeks {
  const today = wallClock(timeZone, now)
  // Calendar arithmetic on the local date as if it were UTC: no zone can move a date there.
  const monday = Date.UTC(today.year, today.month - 1, today.day) - (today.weekday - 1) * DAY_MS
  const labels: string[] = []
  const bounds: Date[] = []
  for (let week = count - 1; week >= 0; week -= 1) {
    const date = new Date(monday - week * 7 * DAY_MS)
    labels.push(date.toISOString().slice(0, 10))
    bounds.push(
      instantOf(timeZone, {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: 0,
        minute: 0,
      }),
    )
  }
  bounds.push(now)
  return { labels, bounds }
}
