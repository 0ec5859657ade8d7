import { PushPayloadSchema, type PushWording } from '@contract/push'
import type { ReminderAction } from '@contract/reminders'
import { currentApiOwner } from './api-owner'
import { refreshAppBadge } from './app-badge'
import { queuePrayer } from './outbox-queue'
import {
  type SystemNotificationData,
  systemNotificationContent,
} from '@contract/system-notification'

declare const self: ServiceWorkerGlobalScope

// System notifications (DESIGN §6, issue 7): a Web Push shows the notification as the page
// would; a click takes the member to what it is about and marks it read.

/** `push`: the decrypted payload from the server, worded like the bell panel. */
export function showPushedNotification(event: PushEvent): void {
  event.waitUntil(showPushed(event))
}

async function showPushed(event: PushEvent): Promise<void> {
  let json: unknown
  try {
    json = event.data?.json()
  } catch {
    return
  }
  const parsed = PushPayloadSchema.safeParse(json)
  if (!parsed.success) return
  const { title, options } = inMembersLanguage(
    systemNotificationContent(
      parsed.data.notification,
      parsed.data.readUrl,
      parsed.data.icon,
      parsed.data.previews ?? true,
    ),
    parsed.data.wording,
  )
  await Promise.all([
    self.registration.showNotification(title, options),
    refreshAppBadge(parsed.data.readUrl),
  ])
}

/**
 * Issue 42: the words the server sent in the member's language (the worker has no catalogue);
 * an older server's push keeps the English worded here. An action keeps its own id.
 */
function inMembersLanguage(
  shown: ReturnType<typeof systemNotificationContent>,
  wording: PushWording | undefined,
): ReturnType<typeof systemNotificationContent> {
  if (!wording) return shown
  const options = { ...shown.options, body: wording.body } as NotificationOptions & {
    actions?: { action: string; title: string }[]
  }
  if (options.actions)
    options.actions = options.actions.map((button) => ({
      ...button,
      title: wording.actions?.find(({ action }) => action === button.action)?.title ?? button.title,
    }))
  return { title: wording.title, options }
}

function isData(value: unknown): value is SystemNotificationData {
  const data = value as Partial<SystemNotificationData> | null
  return typeof data?.notificationId === 'string' && typeof data.readUrl === 'string'
}

/** `notificationclick`: focus an open window of the app and take it there, or open one. */
export function openClickedNotification(event: NotificationEvent): void {
  event.notification.close()
  const data: unknown = event.notification.data
  if (!isData(data)) return
  const action = event.action as ReminderAction | ''
  if (action) {
    event.waitUntil(Promise.all([answerReminder(action, data), markRead(data)]))
    return
  }
  event.waitUntil(Promise.all([openAt(data.url ?? '/'), markRead(data)]))
}

const REMINDER_CALLS: Record<ReminderAction, (data: SystemNotificationData) => string | null> = {
  prayed: (data) =>
    data.intentionId ? `/api/v1/intentions/${encodeURIComponent(data.intentionId)}/pray` : null,
  snooze: () => '/api/v1/users/me/reminders/snooze',
  skip: () => '/api/v1/users/me/reminders/skip-today',
}

/**
 * A reminder's action with no window opened (issue 20): "I prayed" is the wall's pray call
 * (an Idempotency-Key makes a retry count once). With no connection it goes to the outbox, under
 * the same key, and is sent when the connection returns (Background Sync, or the app's next
 * open). A refusal, or no member to queue it for, opens the list so the tap is not lost silently.
 */
async function answerReminder(action: ReminderAction, data: SystemNotificationData) {
  const path = REMINDER_CALLS[action](data)
  if (!path) return
  const key = crypto.randomUUID()
  try {
    const answer = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Idempotency-Key': key },
    })
    if (answer.ok || action !== 'prayed') return
  } catch {
    const userId = await currentApiOwner()
    if (action === 'prayed' && userId && data.intentionId) {
      await queuePrayer(userId, data.intentionId, key)
      return
    }
  }
  if (action === 'prayed') await openAt('/prayerlist')
}

async function openAt(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  // A window this worker controls can be navigated; an uncontrolled one is left as it is.
  const open = windows.find((client) => client.focused) ?? windows[0]
  if (open && 'navigate' in open && open.url.startsWith(self.location.origin)) {
    // Focus can be refused (a click the browser did not see as the member's gesture); the
    // window is taken to the target all the same rather than the click doing nothing.
    await open.focus().catch(() => undefined)
    if (open.url !== url) await open.navigate(url).catch(() => self.clients.openWindow(url))
    return
  }
  await self.clients.openWindow(url)
}

async function markRead(data: SystemNotificationData): Promise<void> {
  // The session cookie says whose; an expired one answers 401 and the bell shows it unread.
  await fetch(data.readUrl, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ notificationIds: [data.notificationId] }),
  }).catch(() => undefined)
}
