import { and, eq } from 'drizzle-orm'
import { defaultEmailPreferences, type EmailPreferences } from '@contract/email-preferences'
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
} from '@contract/notification-settings'
import type { Viewer } from '../auth/viewer'
import { anyOf } from '../db/any-of'
import type { Database } from '../db/client'
import { assertCanSeeIntention } from '../intentions/intention-access'
import { intentionMutesTable, notificationSettingsTable } from './notification-settings.table'
import { pushSubscriptionsTable } from './push/push-subscriptions.table'

// Issue 13: a member's notification settings and muted requests. Only the member reads or
// changes their own; the delivery rule itself is contract/notification-delivery.ts.

export async function readNotificationSettings(
  db: Database,
  userId: string,
): Promise<NotificationSettings> {
  const [[row], devices] = await Promise.all([
    db.select().from(notificationSettingsTable).where(eq(notificationSettingsTable.userId, userId)),
    membersWithPushDevices(db, [userId]),
  ])
  return settingsOf(row, devices.has(userId))
}

type SettingsRow = typeof notificationSettingsTable.$inferSelect

/**
 * A member's stored settings as the contract shapes them; none stored: the defaults. The mail
 * default depends on whether a device of theirs gets pushes (contract/email-preferences.ts).
 */
export function settingsOf(
  row: SettingsRow | undefined,
  hasPushDevice = false,
): NotificationSettings {
  const email = emailPreferencesOf(row, hasPushDevice)
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS, email }
  return { push: row.push, quiet_hours: row.quietHours, previews: row.previews, email }
}

/** Issue 46: the member's mail preferences, stored or by default. */
export function emailPreferencesOf(
  row: SettingsRow | undefined,
  hasPushDevice: boolean,
): EmailPreferences {
  const byDefault = defaultEmailPreferences(hasPushDevice)
  if (!row) return byDefault
  return {
    activity: row.emailActivity ?? byDefault.activity,
    weekly_digest: row.emailWeeklyDigest,
    reminders: row.emailReminders,
    rooms: row.emailRooms,
  }
}

/** Which of these members have a device that gets pushes (the mail default follows it). */
export async function membersWithPushDevices(
  db: Database,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ userId: pushSubscriptionsTable.userId })
    .from(pushSubscriptionsTable)
    .where(anyOf(pushSubscriptionsTable.userId, userIds))
  return new Set(rows.map((row) => row.userId))
}

const emailColumns = (email: EmailPreferences) => ({
  emailActivity: email.activity,
  emailWeeklyDigest: email.weekly_digest,
  emailReminders: email.reminders,
  emailRooms: email.rooms,
})

/** Replaces the settings whole (PUT): types left out fall back to on. */
export async function saveNotificationSettings(input: {
  db: Database
  userId: string
  settings: NotificationSettings
  now: Date
}): Promise<NotificationSettings> {
  const { db, userId, settings, now } = input
  const values = {
    push: settings.push,
    quietHours: settings.quiet_hours,
    previews: settings.previews,
    // Left out (a client from before issue 46): the stored mail preferences stay.
    ...(settings.email ? emailColumns(settings.email) : {}),
    updatedAt: now,
  }
  await db
    .insert(notificationSettingsTable)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettingsTable.userId, set: values })
  return readNotificationSettings(db, userId)
}

/**
 * Issue 46: only the mail preferences, the rest kept (an unsubscribe link, a bounce): the
 * member's other settings, or the defaults when they had none.
 */
export async function saveEmailPreferences(input: {
  db: Database
  userId: string
  email: EmailPreferences
  now: Date
}): Promise<void> {
  const { db, userId, email, now } = input
  await db
    .insert(notificationSettingsTable)
    .values({
      userId,
      push: DEFAULT_NOTIFICATION_SETTINGS.push,
      quietHours: DEFAULT_NOTIFICATION_SETTINGS.quiet_hours,
      previews: DEFAULT_NOTIFICATION_SETTINGS.previews,
      ...emailColumns(email),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: notificationSettingsTable.userId,
      set: { ...emailColumns(email), updatedAt: now },
    })
}

export async function mutedIntentionIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ intentionId: intentionMutesTable.intentionId })
    .from(intentionMutesTable)
    .where(eq(intentionMutesTable.userId, userId))
  return rows.map((row) => row.intentionId)
}

/** Only a request the member can see can be muted: the same 404 as the wall's for the rest. */
export async function muteIntention(input: {
  db: Database
  viewer: Viewer
  intentionId: string
  now: Date
}): Promise<void> {
  const { db, viewer, intentionId, now } = input
  await assertCanSeeIntention({ db, viewer, intentionId })
  await db
    .insert(intentionMutesTable)
    .values({ userId: viewer.userId, intentionId, createdAt: now })
    .onConflictDoNothing()
}

/** Unmuting is always allowed: a request that became hidden can still be let go of. */
export async function unmuteIntention(input: {
  db: Database
  userId: string
  intentionId: string
}): Promise<void> {
  await input.db
    .delete(intentionMutesTable)
    .where(
      and(
        eq(intentionMutesTable.userId, input.userId),
        eq(intentionMutesTable.intentionId, input.intentionId),
      ),
    )
}
