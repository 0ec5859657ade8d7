import { firstLine, notificationTarget, secondLine } from './notification-wording'
import type { PushPayload } from './push'

// A system notification's title, body and click target (DESIGN §6), for the page (hub events)
// and the service worker (Web Push) alike.

export const NOTIFICATION_ICON = '/icons/icon-192.png'

type Shown = PushPayload['notification']

/** What the worker reads back from a clicked notification. */
export type SystemNotificationData = {
  notificationId: string
  /** The app path to open (spec 000 §2: the testimony, else the prayer), or null: the app. */
  url: string | null
  /** PUT here with credentials marks it read (the notifications host). */
  readUrl: string
}

export function notificationUrl(notification: Shown): string | null {
  const target = notificationTarget(notification)
  if (!target) return null
  return `${target.to}?${new URLSearchParams({ highlight: target.highlight })}`
}

export function systemNotificationContent(
  notification: Shown,
  readUrl: string,
): { title: string; options: NotificationOptions } {
  const data: SystemNotificationData = {
    notificationId: notification.notificationId,
    url: notificationUrl(notification),
    readUrl,
  }
  return {
    title: firstLine(notification),
    options: {
      body: secondLine(notification),
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      // The hub and a push can both announce one notification: the same tag shows it once.
      tag: notification.notificationId,
      data,
    },
  }
}
