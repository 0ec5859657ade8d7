import * as z from 'zod/mini'

// Issue 46: what a member hears by mail. The shape is the issue's, on the wire as
// `notification-settings`' `email`; each kind of optional mail is one of EMAIL_KINDS, which
// every such mail's one-click unsubscribe turns off alone.

/** Activity on my requests: a mail at once, in the daily digest, or none. */
export const EMAIL_ACTIVITY = ['instant', 'daily', 'never'] as const
export const EmailActivitySchema = z.enum(EMAIL_ACTIVITY)
export type EmailActivity = z.infer<typeof EmailActivitySchema>

export const EmailPreferencesSchema = z.object({
  activity: EmailActivitySchema,
  /** The community's week: answered prayers, testimonies, requests that still need prayer. */
  weekly_digest: z.boolean(),
  /** Prayer-list reminders by mail too, at the reminder times already set. */
  reminders: z.boolean(),
  /** Prayer-room reminders ("Remind me") by mail too. */
  rooms: z.boolean(),
})
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>

/** The kinds of optional mail, each one an unsubscribe link turns off. */
export const EMAIL_KINDS = ['activity', 'weekly_digest', 'reminders', 'rooms'] as const
export const EmailKindSchema = z.enum(EMAIL_KINDS)
export type EmailKind = z.infer<typeof EmailKindSchema>

/**
 * A member who never chose: a daily digest of their requests' activity when no device of theirs
 * gets pushes (mail is how they hear back), none otherwise (the push already told them); the
 * weekly digest on; reminders by mail off (their devices remind them).
 */
export function defaultEmailPreferences(hasPushDevice: boolean): EmailPreferences {
  return {
    activity: hasPushDevice ? 'never' : 'daily',
    weekly_digest: true,
    reminders: false,
    rooms: false,
  }
}

/** The preferences with one kind turned off (an unsubscribe, a bounce). */
export function withoutKind(preferences: EmailPreferences, kind: EmailKind): EmailPreferences {
  return kind === 'activity'
    ? { ...preferences, activity: 'never' }
    : { ...preferences, [kind]: false }
}
