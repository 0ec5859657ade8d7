import type { ScheduledJob } from '../events/scheduled-jobs'
import type { Notifier } from './notifier'
import { sendRoomReminders } from './room-reminder-sender'

const WINDOW_MS = 30_000

/**
 * Issue 21's "Remind me" on the scheduled-job mechanism (docs/events.md), like the prayer-list
 * reminders: one 30 s period at a time, run once across processes; the sender's dedupe key
 * makes a repeated period send nothing twice.
 */
export function roomRemindersJob(notifier: Notifier): ScheduledJob {
  return {
    name: 'room-reminders',
    everyMs: WINDOW_MS,
    periodDue: (now) => new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS).toISOString(),
    run: async (period) => {
      const from = new Date(period)
      await sendRoomReminders(notifier, from, new Date(from.getTime() + WINDOW_MS))
    },
  }
}
