import * as z from 'zod/mini'
import { ClockTimeSchema, TimeZoneSchema } from './notification-settings'
import { TimestampSchema } from './pagination'

// Issue 20: prayer-list reminders. Call and field names are the issue's.

export const REMINDER_LIMITS = { maxSlots: 12 } as const

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const WeekdaySchema = z
  .number()
  .check(z.int(), z.gte(1, 'must be 1 to 7'), z.lte(7, 'must be 1 to 7'))

export const ReminderSlotSchema = z.object({
  days: z.array(WeekdaySchema).check(z.minLength(1, 'pick at least one day'), z.maxLength(7)),
  time: ClockTimeSchema,
})
export type ReminderSlot = z.infer<typeof ReminderSlotSchema>

/** GET and PUT /api/v1/users/me/reminders: `{ time_zone, slots }`; default none. */
export const ReminderSettingsSchema = z.object({
  time_zone: TimeZoneSchema,
  slots: z
    .array(ReminderSlotSchema)
    .check(z.maxLength(REMINDER_LIMITS.maxSlots, `at most ${REMINDER_LIMITS.maxSlots} reminders`)),
})
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { time_zone: 'UTC', slots: [] }

/** The reminder notification's actions (service worker), with the labels. */
export const REMINDER_ACTIONS = [
  { action: 'prayed', title: 'I prayed' },
  { action: 'snooze', title: 'Snooze 1 hour' },
  { action: 'skip', title: 'Not today' },
] as const
export type ReminderAction = (typeof REMINDER_ACTIONS)[number]['action']

/** POST /api/v1/users/me/reminders/snooze and …/skip-today answer with the next reminder. */
export const NextReminderSchema = z.object({ next_reminder_at: z.nullable(TimestampSchema) })
export type NextReminder = z.infer<typeof NextReminderSchema>
