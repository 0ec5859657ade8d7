import { describe, expect, it } from 'vitest'
import { PRAYER_UPDATE_MESSAGES, PrayerUpdateBodySchema } from './prayer-updates'

describe('PrayerUpdateBodySchema', () => {
  it('words its limits with the thousands separator (issue 20)', () => {
    expect(PRAYER_UPDATE_MESSAGES.tooLong).toBe('An update must be 1,200 characters or fewer.')
    const tooLong = PrayerUpdateBodySchema.safeParse({ text: 'x'.repeat(1201) })
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual([
      PRAYER_UPDATE_MESSAGES.tooLong,
    ])
    expect(PrayerUpdateBodySchema.safeParse({ text: 'x'.repeat(1200) }).success).toBe(true)
    expect(
      PrayerUpdateBodySchema.safeParse({ text: 'x'.repeat(69) }).error?.issues[0]?.message,
    ).toBe('An update must be at least 70 characters.')
  })
})
