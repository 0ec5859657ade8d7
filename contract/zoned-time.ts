// Wall-clock times in a member's or a room's time zone, shared by the server (reminders, room
// sessions) and the client (the room form). Intl knows each zone's daylight-saving rules, so
// no library is needed, and a change neither skips nor doubles a time: a time that does not
// exist that day (the spring gap) falls just after the gap, a time that happens twice (the
// autumn overlap) at its first occurrence only. Weekdays are ISO, 1 = Monday.

import { formatterPerZone } from './zone-formatters'

const DAY_MS = 86_400_000
/** A week and a day: every weekday comes round, whatever the zone did in between. */
const SEARCH_DAYS = 8

export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  /** ISO weekday, 1 = Monday. */
  weekday: number
}

/** Days and a "HH:MM" time they recur at (a reminder slot, a weekly room). */
export interface WeeklySlot {
  days: readonly number[]
  time: string
}

const formatter = formatterPerZone('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  weekday: 'short',
})

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

// A clock shows minutes, and zones move by whole minutes: what it shows is the same through a
// minute. The reminder job asks the same few zones about the same minutes for thousands of
// members, and Intl's formatToParts was the costliest call of a reminder minute (issue 45).
const MINUTE_MS = 60_000
const CLOCKS_KEPT = 5_000
const clocks = new Map<string, WallClock>()

/** What a clock in `timeZone` shows at `at`. */
export function wallClock(timeZone: string, at: Date): WallClock {
  const key = `${timeZone} ${Math.floor(at.getTime() / MINUTE_MS)}`
  const known = clocks.get(key)
  if (known) return { ...known }
  const clock = readClock(timeZone, at)
  if (clocks.size >= CLOCKS_KEPT) clocks.clear()
  clocks.set(key, clock)
  return { ...clock }
}

function readClock(timeZone: string, at: Date): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday!) + 1,
  }
}

/** The zone's offset from UTC at an instant, in ms (whole minutes). */
function offsetAt(timeZone: string, at: number): number {
  const clock = wallClock(timeZone, new Date(at))
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute)
  return asUtc - Math.floor(at / 60_000) * 60_000
}

/** The instant a local date and time happen in a zone (see the gap and overlap rule above). */
export function instantOf(
  timeZone: string,
  local: { year: number; month: number; day: number; hour: number; minute: number },
): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute)
  // Date.UTC rolls a day past the month's end over; compare with the rolled-over date.
  const day = new Date(asUtc).getUTCDate()
  const before = offsetAt(timeZone, asUtc - DAY_MS / 2)
  const after = offsetAt(timeZone, asUtc + DAY_MS / 2)
  const candidates = [asUtc - before, asUtc - after].filter((instant) => {
    const clock = wallClock(timeZone, new Date(instant))
    return clock.hour === local.hour && clock.minute === local.minute && clock.day === day
  })
  // No candidate: the time falls in the spring gap; the offset before it lands just after.
  return new Date(candidates.length ? Math.min(...candidates) : asUtc - before)
}

/** The first time of any slot strictly after `after`, or null when there is no slot. */
export function nextSlotAfter(
  timeZone: string,
  slots: readonly WeeklySlot[],
  after: Date,
): Date | null {
  if (slots.length === 0) return null
  const today = wallClock(timeZone, after)
  let best: Date | null = null
  // Walk the calendar days from yesterday (a slot late yesterday may still be ahead in UTC
  // terms only if the zone moved; cheap to include) for a week and a day.
  for (let offset = -1; offset < SEARCH_DAYS; offset += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset))
    const weekday = ((date.getUTCDay() + 6) % 7) + 1
    for (const slot of slots) {
      if (!slot.days.includes(weekday)) continue
      const [hour, minute] = slot.time.split(':').map(Number) as [number, number]
      const instant = instantOf(timeZone, {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour,
        minute,
      })
      if (instant > after && (!best || instant < best)) best = instant
    }
    if (best && offset >= 1) break
  }
  return best
}
