import { and } from 'drizzle-orm'
import type { NotificationDevices } from '@contract/hub'
import { reachesDevices } from '@contract/notification-delivery'
import type { Notification } from '@contract/notifications'
import { anyOf } from '../db/any-of'
import type { Database } from '../db/client'
import { settingsOf } from './notification-settings.service'
import { intentionMutesTable, notificationSettingsTable } from './notification-settings.table'

export interface Addressed {
  userId: string
  notification: Notification
}

/**
 * Whether each notification may reach its member's devices now (issue 13), and with its words
 * (issue 40), in the order given: two queries however many (a reminder minute hands thousands
 * over at once). Web Push and the hub's NewNotification both ask it.
 */
export type DeliveryPreferences = (items: readonly Addressed[]) => Promise<NotificationDevices[]>

/**
 * The members' settings and mutes of these requests, read at send time (a change on one device
 * applies to the next notification on all of them), against the shared rule. Quiet hours are
 * judged at the moment the notification was raised, not whenever a busy process sends it.
 */
export function createDeliveryPreferences(options: { db: Database }): DeliveryPreferences {
  const { db } = options
  return async (items) => {
    if (items.length === 0) return []
    const userIds = [...new Set(items.map((item) => item.userId))]
    const intentionIds = [
      ...new Set(items.flatMap((item) => item.notification.sourceIntentionId ?? [])),
    ]
    const [settingsRows, muteRows] = await Promise.all([
      db
        .select()
        .from(notificationSettingsTable)
        .where(anyOf(notificationSettingsTable.userId, userIds)),
      intentionIds.length === 0
        ? []
        : db
            .select()
            .from(intentionMutesTable)
            .where(
              and(
                anyOf(intentionMutesTable.userId, userIds),
                anyOf(intentionMutesTable.intentionId, intentionIds),
              ),
            ),
    ])
    const settings = new Map(settingsRows.map((row) => [row.userId, row]))
    const muted = new Map<string, Set<string>>()
    for (const row of muteRows) {
      const set = muted.get(row.userId) ?? new Set<string>()
      set.add(row.intentionId)
      muted.set(row.userId, set)
    }
    return items.map(({ userId, notification }) => {
      const memberSettings = settingsOf(settings.get(userId))
      return {
        reaches: reachesDevices({
          settings: memberSettings,
          mutedIntentionIds: muted.get(userId) ?? new Set(),
          notification,
          now: new Date(notification.createdAt),
        }),
        previews: memberSettings.previews,
      }
    })
  }
}
