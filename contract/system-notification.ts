import { wordlessLine } from './notification-privacy'
import { firstLine, notificationTarget, secondLine } from './notification-wording'
import type { PushPayload } from './push'
import { REMINDER_ACTIONS } from './reminders'

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
  /** A prayer-list reminder's first waiting request, for its "I prayed" action (issue 20). */
  intentionId?: string | null
}

export function notificationUrl(notification: Shown): string | null {
  if (notification.type === 'PrayerReminder') return '/prayerlist'
  if (notification.type === 'DataExportReady') return '/settings/account'
  // Issue 21: "Remind me" opens the room.
  const roomId = notification.data?.roomId
  if (notification.type === 'RoomReminder' && typeof roomId === 'string') return `/rooms/${roomId}`
  const target = notificationTarget(notification)
  if (!target) return null
  return `${target.to}?${new URLSearchParams({ highlight: target.highlight })}`
}

export function systemNotificationContent(
  notification: Shown,
  readUrl: string,
  /** The community's icon (issue 38: rendered from its logo), else the product's. */
  icon: string = NOTIFICATION_ICON,
  /** Issue 40: false = only what happened, never the request's words or anyone's name. */
  previews = true,
): { title: string; options: NotificationOptions } {
  const data: SystemNotificationData = {
    notificationId: notification.notificationId,
    url: notificationUrl(notification),
    readUrl,
  }
  const reminder = notification.type === 'PrayerReminder'
  if (reminder) data.intentionId = notification.sourceIntentionId
  return {
    title: previews ? firstLine(notification) : wordlessLine(notification),
    options: {
      body: previews ? secondLine(notification) : '',
      icon,
      badge: icon,
      // The hub and a push can both announce one notification: the same tag shows it once. A
      // folded one (issue 47) is tagged by its fold: the next act replaces it with the new count.
      tag: notification.fold?.key ?? notification.notificationId,
      data,
      // Issue 20: "I prayed", "Snooze 1 hour", "Not today", handled in the service worker.
      ...(reminder ? { actions: REMINDER_ACTIONS.map((action) => ({ ...action })) } : {}),
    } as NotificationOptions,
  }
}
