import type { Notification } from '@contract/notifications'
import type { NotificationRow } from './notifications.table'

/** The wire shape of spec 000 §3; the list, the hub's NewNotification and Web Push share it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    notificationId: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    sourceUserDisplayName: row.sourceUserDisplayName,
    sourceTestimonyId: row.sourceTestimonyId,
    sourceIntentionId: row.sourceIntentionId,
    data: row.data ?? null,
  }
}
