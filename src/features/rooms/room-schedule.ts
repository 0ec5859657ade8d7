// Wall-clock times in a chosen time zone (issue 21: a room meets at a time in its zone, weekly
// rooms on ISO weekdays, 1 = Monday). Intl knows every zone's offsets; no library needed.

type ZonedParts = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  weekday: number
}

const WEEKDAY_NUMBER: Record<string, number> = {
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
  Sun: 7,
}

// Building a formatter costs far more than using one: the form computes on every keystroke.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAY_NUMBER[parts.weekday ?? ''] ?? 0,
  }
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000
}

/**
 * The instant a date ("2026-11-25") and time ("19:00") name in a zone. A time skipped by a DST
 * change reads as the same clock time after it; a repeated one as its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const first = wall - offsetMs(new Date(wall), timeZone)
  return new Date(wall - offsetMs(new Date(first), timeZone))
}

const pad = (value: number) => String(value).padStart(2, '0')

/** Today's date in a zone, as a date input holds it. */
export function zonedDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone)
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`
}

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(year, month - 1, day + days))
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`
}

/** The first session of a weekly room: the next of its days at its time, after now. */
export function firstWeeklyStart(
  days: number[],
  time: string,
  timeZone: string,
  now: Date,
): Date | null {
  const today = zonedDate(now, timeZone)
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const date = addDays(today, ahead)
    const start = zonedInstant(date, time, timeZone)
    if (days.includes(zonedParts(start, timeZone).weekday) && start > now) return start
  }
  return null
}
