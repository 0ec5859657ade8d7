import * as z from 'zod/mini'
import { TimestampSchema } from './pagination'
import { text } from './text'

// Issue 20: prayer updates, the author's dated timeline on an active request.

export const PRAYER_UPDATE_LIMITS = { min: 70, max: 1200 } as const

// "1,200". Not `toLocaleString('en')`: this module loads with the wall, and the page's first
// Intl number format cost ~45 ms of a throttled phone's first render (issue 18).
const withThousands = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',')

export const PRAYER_UPDATE_MESSAGES = {
  tooShort: `An update must be at least ${PRAYER_UPDATE_LIMITS.min} characters.`,
  tooLong: `An update must be ${withThousands(PRAYER_UPDATE_LIMITS.max)} characters or fewer.`,
} as const

/** POST /api/v1/intentions/{id}/updates `{ "text": "…" }`. */
export const PrayerUpdateBodySchema = z.object({
  text: /* @__PURE__ */ text({ error: PRAYER_UPDATE_MESSAGES.tooShort }).check(
    z.trim(),
    z.minLength(PRAYER_UPDATE_LIMITS.min, PRAYER_UPDATE_MESSAGES.tooShort),
    z.maxLength(PRAYER_UPDATE_LIMITS.max, PRAYER_UPDATE_MESSAGES.tooLong),
  ),
})
export type PrayerUpdateBody = z.infer<typeof PrayerUpdateBodySchema>

/** An update never names its author: it is always the request's author, anonymous or not. */
export const PrayerUpdateSchema = z.object({
  update_id: z.uuid(),
  text: z.string(),
  created_at: TimestampSchema,
})
export type PrayerUpdate = z.infer<typeof PrayerUpdateSchema>

export const PrayerUpdatesSchema = z.object({ items: z.array(PrayerUpdateSchema) })
export type PrayerUpdates = z.infer<typeof PrayerUpdatesSchema>
