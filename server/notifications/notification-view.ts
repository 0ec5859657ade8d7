import type { Notification, NotificationFold } from '@contract/notifications'
import type { NotificationRow } from './notifications.table'

/** The wire shape of spec 000 §3; the list, the hub's NewNotification and Web Push share it. */
export function toNotification(row: NotificationRow, fold?: NotificationFold): Notification {
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
    // Issue 47: the entry this row leads, on types that fold.
    ...(fold && { fold }),
  }
}
