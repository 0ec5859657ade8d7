import type { NotificationSettings, QuietHours } from './notification-settings'
import type { NotificationType } from './notifications'

// Issue 13: whether a notification reaches a member's devices (Web Push from the server, the
// page's system notification from the hub). One rule for both sides, so a muted type or quiet
// hours silence a phone and an open laptop alike. The bell panel never asks.

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** The wall-clock minute of the day in the zone; Intl knows every zone's DST rules. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const value = (type: 'hour' | 'minute') =>
    Number(parts.find((part) => part.type === type)?.value ?? 0)
  return value('hour') * 60 + value('minute')
}

/**
 * Quiet from `from` (included) to `to` (excluded) on the member's clock; `to` before `from`
 * runs over midnight ("22:00" to "07:00"). Equal times mean no quiet hours.
 */
export function inQuietHours(quietHours: QuietHours | null, now: Date): boolean {
  if (!quietHours) return false
  const from = minutesOf(quietHours.from)
  const to = minutesOf(quietHours.to)
  const minute = localMinutes(now, quietHours.time_zone)
  if (from === to) return false
  return from < to ? minute >= from && minute < to : minute >= from || minute < to
}

export function reachesDevices(options: {
  settings: Pick<NotificationSettings, 'push' | 'quiet_hours'>
  mutedIntentionIds: ReadonlySet<string>
  notification: { type: NotificationType | (string & {}); sourceIntentionId: string | null }
  now: Date
}): boolean {
  const { settings, mutedIntentionIds, notification, now } = options
  if (settings.push[notification.type as NotificationType] === false) return false
  const intentionId = notification.sourceIntentionId
  if (intentionId !== null && mutedIntentionIds.has(intentionId)) return false
  return !inQuietHours(settings.quiet_hours, now)
}
