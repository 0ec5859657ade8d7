import { instantOf, wallClock } from '@contract/zoned-time'

// Issue 46: digests arrive at 07:00 on each member's own clock (the daily one every morning,
// the weekly one on Monday mornings), covering the time since the previous one: 24 hours most
// days, 23 or 25 across a daylight-saving change, since both ends are 07:00 on the wall clock.

/** The local hour a digest arrives at. */
export const DIGEST_HOUR = 7
const HOUR_MS = 3_600_000
const MONDAY = 1

/** The UTC hour holding `now`, the period the digest jobs are asked for: '2026-11-29T12:00:00.000Z'. */
export function hourPeriod(now: Date): string {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString()
}

export interface DigestWindow {
  from: Date
  to: Date
  /** The member's local date the digest arrives on ('2026-11-29'): one digest per member and day. */
  day: string
}

type LocalDate = { year: number; month: number; day: number }

const digestInstant = (timeZone: string, date: LocalDate, daysBack = 0) => {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day - daysBack))
  return instantOf(timeZone, {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: DIGEST_HOUR,
    minute: 0,
  })
}

const isoDay = (date: LocalDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`

/**
 * The digest window whose 07:00 falls within the UTC hour starting at `hourStart` in
 * `timeZone`, or null: a daily one each day, a weekly one (`days` 7) only on Mondays. A zone
 * half an hour off UTC has its 07:00 in the middle of a UTC hour, so both local dates the hour
 * touches are tried.
 */
export function windowDueIn(timeZone: string, hourStart: Date, days: 1 | 7): DigestWindow | null {
  const end = hourStart.getTime() + HOUR_MS
  const dates = [wallClock(timeZone, hourStart), wallClock(timeZone, new Date(end - 1))]
  for (const clock of dates) {
    if (days === 7 && clock.weekday !== MONDAY) continue
    const to = digestInstant(timeZone, clock)
    if (to.getTime() < hourStart.getTime() || to.getTime() >= end) continue
    return { from: digestInstant(timeZone, clock, days), to, day: isoDay(clock) }
  }
  return null
}
