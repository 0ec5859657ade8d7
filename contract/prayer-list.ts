import { z } from 'zod'
import { IntentionSchema } from './intentions'
import { ClockTimeSchema, TimeZoneSchema } from './notification-settings'
import { TimestampSchema } from './pagination'

// Issue 20: the daily prayer habit. Call names and field names are the issue's.

/** One entry of My Prayer List: the request as the member sees it and their last prayer. */
export const PrayerListEntrySchema = z.object({
  intention: IntentionSchema,
  added_at: TimestampSchema,
  /** The member's latest prayer for it (from the wall or the list), null before the first. */
  last_prayed_at: TimestampSchema.nullable(),
})
export type PrayerListEntry = z.infer<typeof PrayerListEntrySchema>

/**
 * GET /api/v1/prayer-list. Answered or released requests stay in `items` (with their status)
 * until the member dismisses the note with DELETE, so the client can say why they left.
 */
export const PrayerListSchema = z.object({ items: z.array(PrayerListEntrySchema) })
export type PrayerList = z.infer<typeof PrayerListSchema>

export const REMINDER_LIMITS = { maxSlots: 12 } as const

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const WeekdaySchema = z.number().int().min(1, 'must be 1 to 7').max(7, 'must be 1 to 7')

export const ReminderSlotSchema = z.object({
  days: z.array(WeekdaySchema).min(1, 'pick at least one day').max(7),
  time: ClockTimeSchema,
})
export type ReminderSlot = z.infer<typeof ReminderSlotSchema>

/** GET and PUT /api/v1/users/me/reminders: `{ time_zone, slots }`; default none. */
export const ReminderSettingsSchema = z.object({
  time_zone: TimeZoneSchema,
  slots: z
    .array(ReminderSlotSchema)
    .max(REMINDER_LIMITS.maxSlots, `at most ${REMINDER_LIMITS.maxSlots} reminders`),
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
export const NextReminderSchema = z.object({ next_reminder_at: TimestampSchema.nullable() })
export type NextReminder = z.infer<typeof NextReminderSchema>

export const PRAYER_UPDATE_LIMITS = { min: 70, max: 1200 } as const
export const PRAYER_UPDATE_MESSAGES = {
  tooShort: `An update must be at least ${PRAYER_UPDATE_LIMITS.min} characters.`,
  tooLong: `An update must be ${PRAYER_UPDATE_LIMITS.max.toLocaleString('en')} characters or fewer.`,
} as const

/** POST /api/v1/intentions/{id}/updates `{ "text": "…" }`. */
export const PrayerUpdateBodySchema = z.object({
  text: z
    .string({ error: PRAYER_UPDATE_MESSAGES.tooShort })
    .trim()
    .min(PRAYER_UPDATE_LIMITS.min, PRAYER_UPDATE_MESSAGES.tooShort)
    .max(PRAYER_UPDATE_LIMITS.max, PRAYER_UPDATE_MESSAGES.tooLong),
})
export type PrayerUpdateBody = z.infer<typeof PrayerUpdateBodySchema>

/** An update never names its author: it is always the request's author, anonymous or not. */
export const PrayerUpdateSchema = z.object({
  update_id: z.uuid(),
  text: z.string(),
  created_at: TimestampSchema,
})
export type PrayerUpdate = z.infer<typeof PrayerUpdateSchema>

export const PrayerUpdatesSchema = z.object({ items: z.array(PrayerUpdateSchema) })
export type PrayerUpdates = z.infer<typeof PrayerUpdatesSchema>
