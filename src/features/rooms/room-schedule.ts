import { instantOf, nextSlotAfter, wallClock } from '@contract/zoned-time'

// The room form's times in the room's chosen zone (issue 21), on the zone maths the server's
// sessions and reminders use (contract/zoned-time.ts), so both sides agree on every instant.

const pad = (value: number) => String(value).padStart(2, '0')

/** The instant a date ("2026-11-25") and time ("19:00") name in a zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return instantOf(timeZone, { year, month, day, hour, minute })
}

/** Today's date in a zone, as a date input holds it. */
export function zonedDate(instant: Date, timeZone: string): string {
  const clock = wallClock(timeZone, instant)
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`
}

/** The first session of a weekly room: the next of its days at its time, after now. */
export function firstWeeklyStart(
  days: number[],
  time: string,
  timeZone: string,
  now: Date,
): Date | null {
  return nextSlotAfter(timeZone, [{ days, time }], now)
}
