import type { NotificationDevices } from '@contract/hub'
import type { PushPayload } from '@contract/push'
import { systemNotificationContent } from '@contract/system-notification'
import { translateText } from '@/i18n/i18n'
import { apiUrl } from '@/lib/api-url'

// System notifications on this device (DESIGN §6, issue 7): the member turns them on from the
// bell panel after the browser's permission; the choice is kept per member on this device, so
// another member signing in here is not notified until they choose it too.

const preferenceKey = (userId: string) => `system-notifications:v1:${userId}`
// Issue 13: by default nothing is shown while the app is open in front (the panel shows it live:
// no double alert); a member may want them all the same, on this device.
const inFrontKey = (userId: string) => `system-notifications-in-front:v1:${userId}`

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

export function showsInFront(userId: string): boolean {
  try {
    return localStorage.getItem(inFrontKey(userId)) === 'on'
  } catch {
    return false
  }
}

export function chooseShowInFront(userId: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(inFrontKey(userId), 'on')
    else localStorage.removeItem(inFrontKey(userId))
  } catch {
    // Storage refused: the default (not in front) stays.
  }
}

const appInFront = () => document.visibilityState === 'visible' && document.hasFocus()

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
 * has no `new Notification()` in pages). Nothing when the member has not turned them on here,
 * when the app is in front (unless they chose it), or when the server says their settings hold
 * it back (a type off, a muted request, quiet hours: decided from what it holds now, issue 40),
 * and without words when the member keeps them off their devices.
 */
export async function showSystemNotification(
  notification: PushPayload['notification'],
  devices: NotificationDevices,
  userId: string | null,
  /** The panel's words for it in the reader's language (issue 42), shown only with previews. */
  wording?: { title: string; detail: string },
): Promise<void> {
  if (!userId || !systemNotificationsOn(userId)) return
  if (appInFront() && !showsInFront(userId)) return
  if (!devices.reaches) return
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return
  const { title, options } = systemNotificationContent(
    notification,
    notificationReadUrl(),
    undefined,
    devices.previews,
  )
  // Issue 42: in the reader's language. With previews, the panel's own words (names included);
  // without, the contract's wordless line and the reminder's buttons, which the catalogues hold.
  const actions = (options as { actions?: { action: string; title: string }[] }).actions
  await registration.showNotification(
    devices.previews && wording ? wording.title : translateText(title),
    {
      ...options,
      body: devices.previews && wording ? wording.detail : translateText(options.body ?? ''),
      ...(actions && {
        actions: actions.map((action) => ({ ...action, title: translateText(action.title) })),
      }),
    } as NotificationOptions,
  )
}
