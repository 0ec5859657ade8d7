import * as z from 'zod/mini'
import { IntentionSchema } from './intentions'
import { TimestampSchema } from './pagination'
import { formatterPerZone } from './zone-formatters'

// Issue 20: the daily prayer habit. Call names and field names are the issue's.

/** One entry of My Prayer List: the request as the member sees it and their last prayer. */
export const PrayerListEntrySchema = z.object({
  intention: IntentionSchema,
  added_at: TimestampSchema,
  /** The member's latest prayer for it (from the wall or the list), null before the first. */
  last_prayed_at: z.nullable(TimestampSchema),
})
export type PrayerListEntry = z.infer<typeof PrayerListEntrySchema>

/**
 * GET /api/v1/prayer-list. Answered or released requests stay in `items` (with their status)
 * until the member dismisses the note with DELETE, so the client can say why they left.
 */
export const PrayerListSchema = z.object({ items: z.array(PrayerListEntrySchema) })
export type PrayerList = z.infer<typeof PrayerListSchema>

const dayFormat = formatterPerZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' })

/** The member's calendar day in a zone ("2026-11-25"): "prayed today" is theirs, not UTC's. */
export function dayIn(timeZone: string, at: Date): string {
  return dayFormat(timeZone).format(at)
}

/**
 * The list's order (issue 20), the same on the server and on the device offline: open requests
 * not yet prayed today first, then the longest since last prayed (never prayed first); the
 * answered or released ones, whose note waits to be dismissed, on top.
 */
export function orderPrayerList<T extends PrayerListEntry>(
  entries: readonly T[],
  timeZone: string,
  now: Date,
): T[] {
  const today = dayIn(timeZone, now)
  const rank = (entry: T) => {
    if (entry.intention.status !== 'active') return 0
    if (entry.last_prayed_at && dayIn(timeZone, new Date(entry.last_prayed_at)) === today) return 2
    return 1
  }
  const last = (entry: T) => (entry.last_prayed_at ? Date.parse(entry.last_prayed_at) : 0)
  return [...entries].sort(
    (a, b) => rank(a) - rank(b) || last(a) - last(b) || a.added_at.localeCompare(b.added_at),
  )
}
