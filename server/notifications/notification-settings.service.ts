import { and, eq } from 'drizzle-orm'
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
} from '@contract/notification-settings'
import type { Viewer } from '../auth/viewer'
import type { Database } from '../db/client'
import { assertCanSeeIntention } from '../intentions/intention-access'
import { intentionMutesTable, notificationSettingsTable } from './notification-settings.table'

// Issue 13: a member's notification settings and muted requests. Only the member reads or
// changes their own; the delivery rule itself is contract/notification-delivery.ts.

export async function readNotificationSettings(
  db: Database,
  userId: string,
): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(notificationSettingsTable)
    .where(eq(notificationSettingsTable.userId, userId))
  return settingsOf(row)
}

/** A member's stored settings as the contract shapes them; none stored: the defaults. */
export function settingsOf(
  row: typeof notificationSettingsTable.$inferSelect | undefined,
): NotificationSettings {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS
  return { push: row.push, quiet_hours: row.quietHours, previews: row.previews }
}

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
    updatedAt: now,
  }
  await db
    .insert(notificationSettingsTable)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettingsTable.userId, set: values })
  return readNotificationSettings(db, userId)
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
