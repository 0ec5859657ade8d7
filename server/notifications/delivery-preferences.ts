import { and, eq } from 'drizzle-orm'
import { reachesDevices } from '@contract/notification-delivery'
import type { Notification } from '@contract/notifications'
import type { Database } from '../db/client'
import { readNotificationSettings } from './notification-settings.service'
import { intentionMutesTable } from './notification-settings.table'

/** Whether this notification may reach the member's devices now (Web Push; issue 13). */
export type DeliveryPreferences = (userId: string, notification: Notification) => Promise<boolean>

/**
 * The member's settings and mute of this one request, read at send time (a change on one device
 * applies to the next notification on all of them), against the shared rule. Quiet hours are
 * judged at the moment the notification was raised, not whenever a busy process sends it.
 */
export function createDeliveryPreferences(options: { db: Database }): DeliveryPreferences {
  const { db } = options
  return async (userId, notification) => {
    const intentionId = notification.sourceIntentionId
    const [settings, muted] = await Promise.all([
      readNotificationSettings(db, userId),
      intentionId
        ? db
            .select({ intentionId: intentionMutesTable.intentionId })
            .from(intentionMutesTable)
            .where(
              and(
                eq(intentionMutesTable.userId, userId),
                eq(intentionMutesTable.intentionId, intentionId),
              ),
            )
        : [],
    ])
    return reachesDevices({
      settings,
      mutedIntentionIds: new Set(muted.map((row) => row.intentionId)),
      notification,
      now: new Date(notification.createdAt),
    })
  }
}
