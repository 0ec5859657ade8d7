import type { ScheduledJob } from '../events/scheduled-jobs'
import type { Notifier } from './notifier'
import { sendDueReminders } from './reminder-sender'

const WINDOW_MS = 5_000

/**
 * Issue 20 on the scheduled-job mechanism (docs/events.md): one period per 5 s, run once across
 * processes. Each member has their own second in the minute (reminder-schedule.ts), so a minute
 * with thousands due goes out over its seconds; sendDueReminders itself lets one send per
 * member and slot through, so a repeated period sends nothing twice.
 */
export function remindersJob(notifier: Notifier): ScheduledJob {
  return {
    name: 'prayer-list-reminders',
    everyMs: WINDOW_MS,
    periodDue: (now) => new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS).toISOString(),
    run: async (period) => {
      await sendDueReminders(notifier, new Date(Date.parse(period) + WINDOW_MS - 1))
    },
  }
}
