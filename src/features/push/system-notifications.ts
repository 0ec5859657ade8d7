import type { PushPayload } from '@contract/push'
import { systemNotificationContent } from '@contract/system-notification'
import { apiUrl } from '@/lib/api-url'

// System notifications on this device (DESIGN §6, issue 7): the member turns them on from the
// bell panel after the browser's permission; the choice is kept per member on this device, so
// another member signing in here is not notified until they choose it too.

const preferenceKey = (userId: string) => `system-notifications:v1:${userId}`

export function systemNotificationsSupported(): boolean {
  return typeof Notification !== 'undefined' && 'serviceWorker' in navigator
}

export function systemNotificationsChosen(userId: string): boolean {
  try {
    return localStorage.getItem(preferenceKey(userId)) === 'on'
  } catch {
    return false
  }
}

export function chooseSystemNotifications(userId: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(preferenceKey(userId), 'on')
    else localStorage.removeItem(preferenceKey(userId))
  } catch {
    // Storage refused (private mode): the choice lasts for this page only, through permission.
  }
}

export function systemNotificationsOn(userId: string): boolean {
  return (
    systemNotificationsSupported() &&
    Notification.permission === 'granted' &&
    systemNotificationsChosen(userId)
  )
}

/** The absolute URL where a clicked notification is marked read (the notifications host). */
export function notificationReadUrl(): string {
  return new URL(apiUrl('/api/notifications/read', 'notifications'), window.location.href).href
}

/**
 * Shows a hub NewNotification as a system notification through the service worker (Android
 * has no `new Notification()` in pages). Nothing when the member has not turned them on here.
 */
export async function showSystemNotification(
  notification: PushPayload['notification'],
  userId: string | null,
): Promise<void> {
  if (!userId || !systemNotificationsOn(userId)) return
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return
  const { title, options } = systemNotificationContent(notification, notificationReadUrl())
  await registration.showNotification(title, options)
}
