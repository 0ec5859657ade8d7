import { describe, expect, it } from 'vitest'
import { formatNotificationTime } from './relative-time'

const now = new Date('2026-11-22T12:00:00.000Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()

describe('notification times (spec 000 §8, §9)', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [5 * 60 + 30, '5 minutes ago'],
    [3600, '1 hour ago'],
    [23 * 3600, '23 hours ago'],
    [2 * 86_400, '2 days ago'],
    [7 * 86_400, '1 week ago'],
    [34 * 86_400, '4 weeks ago'],
    [35 * 86_400, '1 month ago'],
    [200 * 86_400, '6 months ago'],
    [800 * 86_400, '2 years ago'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatNotificationTime(ago(seconds), now)).toBe(text)
  })

  it('reads a time a little ahead of this clock as just now', () => {
    expect(formatNotificationTime(ago(-20), now)).toBe('just now')
  })

  it.each(['', 'yesterday-ish', '2026-13-45T99:00:00Z'])(
    'says Recently for an unreadable date %j',
    (value) => {
      expect(formatNotificationTime(value, now)).toBe('Recently')
    },
  )
})
