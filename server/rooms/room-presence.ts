import { ROOM_LIMITS, type RoomPresenceUpdateEvent } from '@contract/rooms'
import type { RosterEntry } from '../realtime/roster'

/** The hub group (and roster) of a room's live session. */
export const roomGroup = (roomId: string) => `room:${roomId}`
export const ROOM_GROUP_PREFIX = 'room:'

/** Who reads a room's roster: the hub where this process hosts it, else nobody (count 0). */
export type RoomRoster = (roomId: string) => RosterEntry[]

/** Count everyone; name only those who chose to be seen, none in a quiet room. */
export function presenceOf(
  roomId: string,
  members: readonly RosterEntry[],
  quiet: boolean,
): RoomPresenceUpdateEvent {
  const names = quiet
    ? []
    : members
        .filter((member) => member.seen)
        .map((member) => member.name)
        .sort((a, b) => a.localeCompare(b))
        .slice(0, ROOM_LIMITS.namesMax)
  return { roomId, count: members.length, names }
}
