import type { Notifier } from '../notifications/notifier'
import { sendDueReminders } from './reminder-sender'

/**
 * Every few seconds, the reminders due by now: each member has their own second in the minute
 * (reminder-schedule.ts), so a minute with thousands due goes out over its seconds. Every hub
 * process may run it; sendDueReminders lets one send per member and slot through.
 */
export function scheduleReminders(notifier: Notifier, everyMs = 5_000) {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    sendDueReminders(notifier, notifier.now())
      .catch((error: unknown) => notifier.log.error({ err: error }, 'sending reminders failed'))
      .finally(() => {
        running = false
      })
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
