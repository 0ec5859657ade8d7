import type { ReminderSlot } from '@contract/reminders'
import { nextSlotAfter } from '@contract/zoned-time'

// When a member's next reminder is due, in UTC, from their slots in their own zone (the zone
// maths, daylight-saving gaps and overlaps included, is contract/zoned-time.ts).

/**
 * A member's second within the due minute: a minute with thousands due is spread over its
 * seconds rather than sent in one burst, and each member keeps their second.
 */
export function secondOfMinute(userId: string): number {
  let hash = 0
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 60
}

/** The stored due instant: the slot time plus the member's second. */
export function nextReminderAt(
  userId: string,
  timeZone: string,
  slots: readonly ReminderSlot[],
  after: Date,
): Date | null {
  // Compare against the slot minute, so the member's own second never makes a slot look past.
  const slot = nextSlotAfter(
    timeZone,
    slots,
    new Date(after.getTime() - secondOfMinute(userId) * 1000),
  )
  return slot && new Date(slot.getTime() + secondOfMinute(userId) * 1000)
}

/**
 * `nextReminderAt` for a batch of due members. Those sharing a zone, slots and due minute share
 * the zone maths, done once: a reminder minute holds thousands alike, and Intl's formatting,
 * a dozen calls a member, was a tenth of a 10,000-reminder minute's CPU (bench:reminders).
 */
export function nextRemindersAt(
  members: readonly {
    userId: string
    timeZone: string
    slots: readonly ReminderSlot[]
    after: Date
  }[],
): (Date | null)[] {
  const slotsAfter = new Map<string, Date | null>()
  return members.map(({ userId, timeZone, slots, after }) => {
    const second = secondOfMinute(userId) * 1000
    const from = after.getTime() - second
    const key = `${timeZone}\n${from}\n${JSON.stringify(slots)}`
    let slot = slotsAfter.get(key)
    if (slot === undefined) {
      slot = nextSlotAfter(timeZone, slots, new Date(from))
      slotsAfter.set(key, slot)
    }
    return slot && new Date(slot.getTime() + second)
  })
}
