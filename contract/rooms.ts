import * as z from 'zod/mini'
import type { NotificationType } from './notifications'
import { TimeZoneSchema } from './notification-settings'
import { TimestampSchema } from './pagination'
import { WeekdaySchema } from './reminders'
import { blankAsNullText, text } from './text'

// Issue 21: Prayer Rooms. Call, method, event and field names are the issue's; what it leaves
// open (close, remove, report, the live state of a room) is named here once for both sides.

export const ROOM_LIMITS = {
  nameMin: 3,
  nameMax: 80,
  descriptionMax: 500,
  durationMin: 10,
  durationMax: 120,
  /** How many names a presence update carries at most; the rest are "and N others". */
  namesMax: 12,
} as const

/** The room's list steps on by itself this often unless the leader advances it sooner. */
export const ROOM_AUTO_ADVANCE_SECONDS = 60
/** "Remind me" fires this long before a session starts. */
export const ROOM_REMINDER_LEAD_MINUTES = 10
/** A role an admin can grant (besides moderator) that may create public rooms. */
export const ROOM_LEADER_ROLE = 'room_leader'

export const ROOM_MESSAGES = {
  nameLength: `Room name must be ${ROOM_LIMITS.nameMin} to ${ROOM_LIMITS.nameMax} characters.`,
  descriptionTooLong: `Description must be ${ROOM_LIMITS.descriptionMax} characters or fewer.`,
  duration: `Duration must be ${ROOM_LIMITS.durationMin} to ${ROOM_LIMITS.durationMax} minutes.`,
  daysRequired: 'Pick at least one day.',
  publicNotAllowed: 'Only moderators can create public rooms.',
  notLive: 'This room is not live now.',
  removed: 'You were removed from this session of the room.',
  closed: 'This session of the room has been closed.',
} as const

/** Weekly repeat: the days (ISO, 1 = Monday) and the zone whose wall clock keeps the time. */
export const RoomRepeatSchema = z.object({
  days: z.array(WeekdaySchema).check(z.minLength(1, ROOM_MESSAGES.daysRequired), z.maxLength(7)),
  time_zone: TimeZoneSchema,
})
export type RoomRepeat = z.infer<typeof RoomRepeatSchema>

/**
 * POST /api/v1/rooms. `starts_at` is the first session; a weekly room then meets on each of
 * `repeat.days` at the wall-clock time `starts_at` has in `repeat.time_zone` (so it stays 19:00
 * across a DST change). `quiet` (optional, default false): a room that never shows names.
 */
export const CreateRoomBodySchema = z.object({
  name: text({ error: ROOM_MESSAGES.nameLength }).check(
    z.trim(),
    z.minLength(ROOM_LIMITS.nameMin, ROOM_MESSAGES.nameLength),
    z.maxLength(ROOM_LIMITS.nameMax, ROOM_MESSAGES.nameLength),
  ),
  description: blankAsNullText(ROOM_LIMITS.descriptionMax, ROOM_MESSAGES.descriptionTooLong),
  group_id: z.nullable(z.uuid()),
  starts_at: TimestampSchema,
  duration_minutes: z
    .number({ error: ROOM_MESSAGES.duration })
    .check(
      z.int(ROOM_MESSAGES.duration),
      z.gte(ROOM_LIMITS.durationMin, ROOM_MESSAGES.duration),
      z.lte(ROOM_LIMITS.durationMax, ROOM_MESSAGES.duration),
    ),
  // Stored sorted and once each, as the room answers it.
  repeat: z.nullable(
    z.pipe(
      RoomRepeatSchema,
      z.transform((repeat: RoomRepeat) => ({
        ...repeat,
        days: [...new Set(repeat.days)].sort((a, b) => a - b),
      })),
    ),
  ),
  quiet: z._default(z.optional(z.boolean()), false),
})
export type CreateRoomBody = z.infer<typeof CreateRoomBodySchema>
export type CreateRoomInput = z.input<typeof CreateRoomBodySchema>

/**
 * live: now is within [session start, start + duration) and the session was not closed;
 * closed: the current session was closed by a moderator or the creator (it reopens next time);
 * upcoming: a session is still to come; ended: a one-off room whose time has passed.
 */
export const ROOM_STATES = ['live', 'closed', 'upcoming', 'ended'] as const
export const RoomStateSchema = z.enum(ROOM_STATES)
export type RoomState = z.infer<typeof RoomStateSchema>

const CountSchema = z.number().check(z.int(), z.nonnegative())

/** A room as GET /api/v1/rooms lists it and POST answers it. */
export const RoomSchema = z.object({
  room_id: z.uuid(),
  name: z.string(),
  description: z.nullable(z.string()),
  group_id: z.nullable(z.uuid()),
  /** The group's name for a group room; null for a public room. */
  group_name: z.nullable(z.string()),
  /** The first session as created. */
  starts_at: TimestampSchema,
  duration_minutes: z.number().check(z.int()),
  repeat: z.nullable(RoomRepeatSchema),
  quiet: z.boolean(),
  state: RoomStateSchema,
  /** The current session's start when live or closed, else the next one; null once ended. */
  next_starts_at: z.nullable(TimestampSchema),
  /** next_starts_at + duration; null once ended. */
  ends_at: z.nullable(TimestampSchema),
  /** Members in the room now (every process). */
  presence_count: CountSchema,
  /** The viewer asked to be reminded ("Remind me"). */
  reminded: z.boolean(),
  /** The viewer may close the session, remove members and advance the list (leader). */
  can_moderate: z.boolean(),
  /** The creator's display name. */
  created_by: z.string(),
  is_mine: z.boolean(),
})
export type Room = z.infer<typeof RoomSchema>

/** GET /api/v1/rooms: live rooms, then upcoming by next start; the viewer's own rooms first. */
export const RoomListSchema = z.object({ items: z.array(RoomSchema) })
export type RoomList = z.infer<typeof RoomListSchema>

/**
 * One request on the room's prayer list as every member sees it (the same object goes to all,
 * so nothing viewer-specific). `amen_count` counts the members who said Amen to it this session.
 */
export const RoomIntentionSchema = z.object({
  intention_id: z.uuid(),
  title: z.string(),
  details: z.string(),
  author_display_name: z.string(),
  /**
   * Who brought it into the room; null for the group's newest, added by the room itself, and
   * for an anonymous request its own author brought (issue 37).
   */
  brought_by: z.nullable(z.string()),
  amen_count: CountSchema,
})
export type RoomIntention = z.infer<typeof RoomIntentionSchema>

/** GET /api/v1/rooms/{id}: the room, its list (in order), what is on screen now and who is here. */
export const RoomDetailSchema = z.extend(RoomSchema, {
  intentions: z.array(RoomIntentionSchema),
  /** The intention on screen in the live session; null when not live or the list is empty. */
  current_intention_id: z.nullable(z.uuid()),
  /** Names of those here who chose to be seen (none in a quiet room), at most namesMax. */
  names: z.array(z.string()),
  /** The viewer was removed from the current session and cannot rejoin it. */
  removed: z.boolean(),
})
export type RoomDetail = z.infer<typeof RoomDetailSchema>

/** POST /api/v1/rooms/{id}/intentions: bring a request (visible to all of the room) into it. */
export const AddRoomIntentionBodySchema = z.object({ intention_id: z.uuid() })
export type AddRoomIntentionBody = z.infer<typeof AddRoomIntentionBodySchema>
// It answers 201 with the RoomIntention; 200 with it when it was already on the list.

// PUT and DELETE /api/v1/rooms/{id}/reminder answer 204 (both idempotent).
// POST /api/v1/rooms/{id}/close (moderator or creator, live only: 409 otherwise) answers 204.
// POST /api/v1/rooms/{id}/report takes contract/reports ReportBodySchema and answers 204.

/** GET /api/v1/rooms/{id}/members (can_moderate only): who is here now, to remove someone. */
export const RoomMemberSchema = z.object({
  user_id: z.string(),
  display_name: z.string(),
  /** Chose to be seen by the others. */
  seen: z.boolean(),
})
export type RoomMember = z.infer<typeof RoomMemberSchema>
export const RoomMembersSchema = z.object({ items: z.array(RoomMemberSchema) })
export type RoomMembers = z.infer<typeof RoomMembersSchema>
// DELETE /api/v1/rooms/{id}/members/{userId} (can_moderate only) answers 204: the member is
// sent RoomRemoved and cannot rejoin this session.

// ---- The hub (contract/hub.ts conventions: events carry one object, methods positional args) --

export const RoomHubEvent = {
  RoomPresenceUpdate: 'RoomPresenceUpdate',
  RoomIntentionChanged: 'RoomIntentionChanged',
  RoomAmen: 'RoomAmen',
  /** The session was closed: leave the live view. */
  RoomClosed: 'RoomClosed',
  /** Sent to the removed member's connections only. */
  RoomRemoved: 'RoomRemoved',
} as const

export const RoomHubMethod = {
  JoinRoom: 'JoinRoom',
  LeaveRoom: 'LeaveRoom',
  RoomAmen: 'RoomAmen',
  AdvanceRoom: 'AdvanceRoom',
} as const

export const HubRoomIdSchema = z.uuid()

/** JoinRoom(roomId, options?): `seen` (default false) shows the member's name to the others. */
export const JoinRoomOptionsSchema = z.pipe(
  z.optional(z.object({ seen: z._default(z.optional(z.boolean()), false) })),
  z.transform((options: { seen: boolean } | undefined) => options ?? { seen: false }),
)
export type JoinRoomOptions = z.input<typeof JoinRoomOptionsSchema>

export const RoomPresenceUpdateEventSchema = z.object({
  roomId: HubRoomIdSchema,
  count: CountSchema,
  /** Seen members' names, at most namesMax; empty in a quiet room. "and count - names" others. */
  names: z.array(z.string()),
})
export type RoomPresenceUpdateEvent = z.infer<typeof RoomPresenceUpdateEventSchema>

export const RoomIntentionChangedEventSchema = z.object({
  roomId: HubRoomIdSchema,
  /** Now on screen; null when the list is empty. */
  intention: z.nullable(RoomIntentionSchema),
})
export type RoomIntentionChangedEvent = z.infer<typeof RoomIntentionChangedEventSchema>

export const RoomAmenEventSchema = z.object({
  roomId: HubRoomIdSchema,
  intentionId: z.uuid(),
  count: CountSchema,
})
export type RoomAmenEvent = z.infer<typeof RoomAmenEventSchema>

export const RoomClosedEventSchema = z.object({ roomId: HubRoomIdSchema })
export type RoomClosedEvent = z.infer<typeof RoomClosedEventSchema>
export const RoomRemovedEventSchema = z.object({ roomId: HubRoomIdSchema })
export type RoomRemovedEvent = z.infer<typeof RoomRemovedEventSchema>

/**
 * What JoinRoom returns: the presence and the intention on screen, so the view starts whole.
 * A room not live, closed, unknown/hidden, or a removed member: the invocation fails with
 * ROOM_MESSAGES.notLive, .closed or .removed (unknown reads as notLive).
 */
export const JoinRoomResultSchema = z.extend(RoomPresenceUpdateEventSchema, {
  intention: z.nullable(RoomIntentionSchema),
})
export type JoinRoomResult = z.infer<typeof JoinRoomResultSchema>
// LeaveRoom(roomId) returns nothing. RoomAmen(roomId, intentionId) returns the RoomAmenEvent
// (a second Amen from the same member changes nothing). AdvanceRoom(roomId) (can_moderate only)
// returns the RoomIntentionChangedEvent.

/** The notification type of "Remind me" (data: roomId, startsAt). */
export const ROOM_REMINDER_NOTIFICATION_TYPE = 'RoomReminder' satisfies NotificationType
