import type { RoomRepeat, RoomState } from '@contract/rooms'
import { nextSlotAfter, wallClock } from '@contract/zoned-time'

// When a room meets (issue 21). A weekly room keeps the wall-clock time its first session has
// in its zone, so 19:00 in Rome stays 19:00 across a DST change (the spring gap and autumn
// overlap follow contract/zoned-time.ts). A session is live in [start, start + duration).

export interface RoomSchedule {
  startsAt: Date
  durationMinutes: number
  repeat: RoomRepeat | null
}

export interface Session {
  start: Date
  end: Date
  live: boolean
}

const pad = (value: number) => String(value).padStart(2, '0')

/** The weekly slot: the days, at the first session's wall-clock time in the room's zone. */
function weeklySlot(schedule: RoomSchedule & { repeat: RoomRepeat }) {
  const clock = wallClock(schedule.repeat.time_zone, schedule.startsAt)
  return { days: schedule.repeat.days, time: `${pad(clock.hour)}:${pad(clock.minute)}` }
}

/** The session live at `now`, else the next one; null when a one-off room has ended. */
export function sessionAt(schedule: RoomSchedule, now: Date): Session | null {
  const durationMs = schedule.durationMinutes * 60_000
  const session = (start: Date): Session => ({
    start,
    end: new Date(start.getTime() + durationMs),
    live: start <= now,
  })
  if (now.getTime() < schedule.startsAt.getTime() + durationMs) return session(schedule.startsAt)
  if (!schedule.repeat) return null
  const { repeat } = schedule
  // The first slot after (now - duration) is either live now or the next one.
  const start = nextSlotAfter(
    repeat.time_zone,
    [weeklySlot({ ...schedule, repeat })],
    new Date(now.getTime() - durationMs),
  )
  return start && session(start)
}

/** The session starting after `after` (for reminders), null when there is none. */
export function sessionStartingAfter(schedule: RoomSchedule, after: Date): Date | null {
  if (schedule.startsAt > after) return schedule.startsAt
  if (!schedule.repeat) return null
  const { repeat } = schedule
  return nextSlotAfter(repeat.time_zone, [weeklySlot({ ...schedule, repeat })], after)
}

/** The room's state at `now` (contract/rooms.ts ROOM_STATES). */
export function roomState(
  schedule: RoomSchedule & { closedSessionAt: Date | null },
  now: Date,
): { state: RoomState; session: Session | null } {
  const session = sessionAt(schedule, now)
  if (!session) return { state: 'ended', session }
  if (!session.live) return { state: 'upcoming', session }
  const closed = schedule.closedSessionAt?.getTime() === session.start.getTime()
  return { state: closed ? 'closed' : 'live', session }
}
