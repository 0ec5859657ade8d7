import { CreateRoomBodySchema, type CreateRoomInput } from '@contract/rooms'
import * as z from 'zod/mini'
import { firstWeeklyStart, zonedInstant } from './room-schedule'

// The create-room form's values (kept as a draft while typed) and how they become the issue's
// POST /api/v1/rooms body. The body's rules are the contract's; only the schedule's are here.

export const RoomFormValuesSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** '' is public (moderators only). */
  group_id: z.string(),
  repeat: z.enum(['once', 'weekly']),
  date: z.string(),
  time: z.string(),
  days: z.array(z.number().check(z.int(), z.gte(1), z.lte(7))),
  time_zone: z.string(),
  duration: z.string(),
  quiet: z.boolean(),
})
export type RoomFormValues = z.infer<typeof RoomFormValuesSchema>

export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export function emptyRoomForm(groupId: string): RoomFormValues {
  return {
    name: '',
    description: '',
    group_id: groupId,
    repeat: 'once',
    date: '',
    time: '19:00',
    days: [],
    time_zone: deviceTimeZone(),
    duration: '30',
    quiet: false,
  }
}

export const hasContent = (values: RoomFormValues) =>
  values.name.trim() !== '' || values.description.trim() !== '' || values.date !== ''

// English ids of the rooms catalogue: the form shows them through translateText.
export const SCHEDULE_MESSAGES = {
  dateRequired: 'Pick a date.',
  timeRequired: 'Pick a time.',
  past: 'That time has already passed.',
  timeZoneUnknown: 'Pick a time zone from the list.',
} as const

export type RoomFormErrors = Partial<
  Record<'name' | 'description' | 'date' | 'time' | 'days' | 'duration' | 'time_zone', string>
>

function firstStart(values: RoomFormValues, now: Date): Date | string {
  if (!values.time) return SCHEDULE_MESSAGES.timeRequired
  if (values.repeat === 'weekly')
    return firstWeeklyStart(values.days, values.time, values.time_zone, now) ?? ''
  if (!values.date) return SCHEDULE_MESSAGES.dateRequired
  const start = zonedInstant(values.date, values.time, values.time_zone)
  return start > now ? start : SCHEDULE_MESSAGES.past
}

/** The body to send, or what is wrong, field by field. */
export function toCreateBody(
  values: RoomFormValues,
  now: Date,
): { body: CreateRoomInput; errors: null } | { body: null; errors: RoomFormErrors } {
  const errors: RoomFormErrors = {}
  let startsAt = new Date(now)
  try {
    const start = firstStart(values, now)
    if (typeof start === 'string') {
      if (start) errors[values.time ? 'date' : 'time'] = start
    } else startsAt = start
  } catch {
    errors.time_zone = SCHEDULE_MESSAGES.timeZoneUnknown
  }
  const input: CreateRoomInput = {
    name: values.name,
    description: values.description,
    group_id: values.group_id || null,
    starts_at: startsAt.toISOString(),
    duration_minutes: Number(values.duration),
    repeat: values.repeat === 'weekly' ? { days: values.days, time_zone: values.time_zone } : null,
    quiet: values.quiet,
  }
  const parsed = CreateRoomBodySchema.safeParse(input)
  for (const issue of parsed.error?.issues ?? []) {
    const [field, sub] = issue.path
    const key =
      field === 'duration_minutes'
        ? 'duration'
        : field === 'repeat'
          ? sub === 'days'
            ? 'days'
            : 'time_zone'
          : field
    if (typeof key === 'string' && !(key in errors))
      errors[key as keyof RoomFormErrors] = issue.message
  }
  return Object.keys(errors).length === 0 ? { body: input, errors: null } : { body: null, errors }
}
