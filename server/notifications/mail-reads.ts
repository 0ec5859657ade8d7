import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { EmailPreferences } from '@contract/email-preferences'
import type { Notification, NotificationType } from '@contract/notifications'
import { anyOf } from '../db/any-of'
import type { Database } from '../db/client'
import { outer } from '../db/outer-column'
import {
  emailPreferencesOf,
  membersWithPushDevices,
  readNotificationSettings,
} from './notification-settings.service'
import { intentionMutesTable, notificationSettingsTable } from './notification-settings.table'
import { toNotification } from './notification-view'
import { notificationsTable } from './notifications.table'
import { pushSubscriptionsTable } from './push/push-subscriptions.table'

// Issue 46: what server/digests/ asks of notifications to mail a member: their mail
// preferences, and the notifications a mail tells of, as the bell shows them (an anonymous
// author is not named in a row, so not in a mail either). Nothing about a muted request.

export interface MemberMailSettings {
  email: EmailPreferences
  /** The notification settings' "Show the request's words": off, a mail words none either. */
  previews: boolean
  /** The zone of their quiet hours, if set: the clock they keep. */
  timeZone: string | null
}

/** Every member's mail settings in two statements (a digest job's whole audience). */
export async function allMailSettings(
  db: Database,
): Promise<(userId: string) => MemberMailSettings> {
  const [rows, devices] = await Promise.all([
    db.select().from(notificationSettingsTable),
    db.selectDistinct({ userId: pushSubscriptionsTable.userId }).from(pushSubscriptionsTable),
  ])
  const byMember = new Map(rows.map((row) => [row.userId, row]))
  const withDevice = new Set(devices.map((row) => row.userId))
  return (userId) => {
    const row = byMember.get(userId)
    return {
      email: emailPreferencesOf(row, withDevice.has(userId)),
      previews: row?.previews ?? true,
      timeZone: row?.quietHours?.time_zone ?? null,
    }
  }
}

/** These members' mail settings in two statements (the notifications one event raised). */
export async function mailSettingsOfMembers(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, MemberMailSettings>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const [rows, devices] = await Promise.all([
    db.select().from(notificationSettingsTable).where(anyOf(notificationSettingsTable.userId, ids)),
    membersWithPushDevices(db, ids),
  ])
  const byMember = new Map(rows.map((row) => [row.userId, row]))
  return new Map(
    ids.map((userId) => {
      const row = byMember.get(userId)
      return [
        userId,
        {
          email: emailPreferencesOf(row, devices.has(userId)),
          previews: row?.previews ?? true,
          timeZone: row?.quietHours?.time_zone ?? null,
        },
      ]
    }),
  )
}

/** One member's mail settings as they are now (read again when their mail is sent). */
export async function mailSettingsOf(db: Database, userId: string): Promise<MemberMailSettings> {
  const settings = await readNotificationSettings(db, userId)
  return {
    email: settings.email ?? emailPreferencesOf(undefined, false),
    previews: settings.previews,
    timeZone: settings.quiet_hours?.time_zone ?? null,
  }
}

/** SQL: the notification is about no request the member muted. */
const notMuted = sql`not exists (select 1 from ${intentionMutesTable} where ${intentionMutesTable.userId} = ${outer(notificationsTable.userId)} and ${intentionMutesTable.intentionId} = ${outer(notificationsTable.sourceIntentionId)})`

/**
 * The member's notifications of these types raised in [from, to) that they have not read in
 * the app, newest first: a daily digest's items (read ones are left out, so a member who read
 * everything gets none).
 */
export async function unreadBetween(
  db: Database,
  userId: string,
  types: readonly NotificationType[],
  window: { from: Date; to: Date },
  limit: number,
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notificationsTable)
    .where(
      and(
        eq(notificationsTable.userId, userId),
        inArray(notificationsTable.type, [...types]),
        gte(notificationsTable.createdAt, window.from),
        lt(notificationsTable.createdAt, window.to),
        isNull(notificationsTable.readAt),
        notMuted,
      ),
    )
    .orderBy(desc(notificationsTable.createdAt))
    .limit(limit)
  return rows.map((row) => toNotification(row))
}

/** These notifications with their members, unread and about no muted request, as stored now. */
export async function unreadNotifications(
  db: Database,
  ids: readonly string[],
): Promise<{ userId: string; notification: Notification }[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select()
    .from(notificationsTable)
    .where(and(anyOf(notificationsTable.id, ids), isNull(notificationsTable.readAt), notMuted))
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }))
}
