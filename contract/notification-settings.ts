import * as z from 'zod/mini'
import { EmailPreferencesSchema } from './email-preferences'
import { NotificationTypeSchema, type NotificationType } from './notifications'

// Issue 13: what of a member's notifications reaches their devices as system or push
// notifications, kept on the server and applied on every device. The bell panel's list and
// unread count never depend on it. Field names are the (snake_case on the wire).

/** "22:00": 24-hour hours and minutes. */
export const ClockTimeSchema = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (00:00 to 23:59)'))

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** An IANA time zone the runtime knows ("Europe/Rome"). */
export const TimeZoneSchema = z
  .string()
  .check(z.maxLength(64), z.refine(isTimeZone, 'must be an IANA time zone such as Europe/Rome'))

export const QuietHoursSchema = z.object({
  from: ClockTimeSchema,
  to: ClockTimeSchema,
  time_zone: TimeZoneSchema,
})
export type QuietHours = z.infer<typeof QuietHoursSchema>

export const NotificationSettingsSchema = z.object({
  /** Types left out keep their default: on. An unknown type is refused, not ignored. */
  push: z.partialRecord(NotificationTypeSchema, z.boolean()),
  quiet_hours: z.nullable(QuietHoursSchema),
  /**
   * Issue 40: "Show the request's words in notifications". Off, a phone's lock screen shows only
   * what happened: the server sends no words to the push service and tells open pages the same.
   * Left out: on, as before the setting existed.
   */
  previews: z._default(z.boolean(), true),
  /**
   * Issue 46: what reaches the member by mail (contract/email-preferences.ts). Always in the
   * answer (the defaults when never chosen); left out of a PUT, kept as it was.
   */
  email: z.optional(EmailPreferencesSchema),
})
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  push: {},
  quiet_hours: null,
  previews: true,
}

// The intentions the member muted ("Mute this request"), for the card menus and the page: in
// their own file, which the wall's first screen reads without these settings (issue 47).
export { MutedIntentionsSchema, type MutedIntentions } from './muted-intentions'

/**
 * The types as people think of them (issue 13), one switch each on the settings screen. Every
 * type a member can receive is in exactly one group (contract/notification-settings.test.ts).
 */
export const NOTIFICATION_TYPE_GROUPS = [
  {
    id: 'prayers',
    label: 'Prayers and candles',
    types: ['PrayerReaction', 'PrayerBundle', 'PrayerCandleReaction'],
  },
  { id: 'amens', label: 'Amens', types: ['PrayerAmenReaction'] },
  {
    id: 'comments',
    label: 'Comments and their reactions',
    types: ['IntentionComment', 'CommentReaction', 'CommentAmenReaction'],
  },
  {
    id: 'answered',
    label: 'Answered and closed requests',
    types: ['IntentionAnswered', 'IntentionResolved', 'IntentionAutoClosed'],
  },
  {
    id: 'testimonies',
    label: 'Testimonies',
    types: [
      'TestimonyCreated',
      'TestimonyAmenReaction',
      'TestimonyReaction',
      'TestimonyEncouragement',
    ],
  },
  { id: 'updates', label: 'Prayer updates', types: ['PrayerUpdate'] },
  { id: 'reminders', label: 'Prayer list reminders', types: ['PrayerReminder'] },
  { id: 'rooms', label: 'Prayer room reminders', types: ['RoomReminder'] },
  { id: 'weekly', label: 'Weekly summary', types: ['WeeklySummary'] },
  { id: 'account', label: 'Your account', types: ['DataExportReady'] },
  {
    id: 'moderation',
    label: 'Moderation',
    types: ['ContentRemoved', 'ContentRestored', 'ModerationAlert', 'MembershipApproved'],
  },
] as const satisfies readonly { id: string; label: string; types: readonly NotificationType[] }[]
