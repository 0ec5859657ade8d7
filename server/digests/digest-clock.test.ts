import { describe, expect, it } from 'vitest'
import { hourPeriod, windowDueIn } from './digest-clock'

// Issue 46: digests come at 07:00 on the member's clock, across zones and daylight saving.
const due = (zone: string, hour: string, days: 1 | 7 = 1) => {
  const window = windowDueIn(zone, new Date(hour), days)
  return window && { from: window.from.toISOString(), to: window.to.toISOString(), day: window.day }
}

describe('the digests’ clock', () => {
  it('names the UTC hour as the period', () => {
    expect(hourPeriod(new Date('2026-11-29T12:34:56Z'))).toBe('2026-11-29T12:00:00.000Z')
  })

  it('finds 07:00 in the member’s zone, winter and summer', () => {
    expect(due('America/New_York', '2026-01-15T12:00:00Z')?.to).toBe('2026-01-15T12:00:00.000Z')
    expect(due('America/New_York', '2026-01-15T11:00:00Z')).toBeNull()
    expect(due('America/New_York', '2026-07-15T11:00:00Z')?.to).toBe('2026-07-15T11:00:00.000Z')
    expect(due('America/New_York', '2026-07-15T12:00:00Z')).toBeNull()
  })

  it('covers 25 hours the morning after clocks go back, 23 after they go forward', () => {
    // New York fell back on Sunday 1 November 2026 at 02:00.
    expect(due('America/New_York', '2026-11-01T12:00:00Z')).toEqual({
      from: '2026-10-31T11:00:00.000Z',
      to: '2026-11-01T12:00:00.000Z',
      day: '2026-11-01',
    })
    // Rome sprang forward on Sunday 29 March 2026 at 02:00.
    expect(due('Europe/Rome', '2026-03-29T05:00:00Z')).toEqual({
      from: '2026-03-28T06:00:00.000Z',
      to: '2026-03-29T05:00:00.000Z',
      day: '2026-03-29',
    })
  })

  it('finds a half-hour zone’s 07:00 inside a UTC hour, and across UTC midnight', () => {
    expect(due('Asia/Kolkata', '2026-05-04T01:00:00Z')?.to).toBe('2026-05-04T01:30:00.000Z')
    expect(due('Asia/Kolkata', '2026-05-04T02:00:00Z')).toBeNull()
    // Auckland's 07:00 is the previous UTC day: the local date names the digest.
    expect(due('Pacific/Auckland', '2026-05-03T19:00:00Z')?.day).toBe('2026-05-04')
  })

  it('sends the weekly one on the member’s Monday only, over seven local days', () => {
    expect(due('Pacific/Auckland', '2026-05-03T19:00:00Z', 7)).toEqual({
      from: '2026-04-26T19:00:00.000Z',
      to: '2026-05-03T19:00:00.000Z',
      day: '2026-05-04',
    })
    expect(due('Pacific/Auckland', '2026-05-04T19:00:00Z', 7)).toBeNull()
    // The week the clocks went back holds an hour more.
    expect(due('America/New_York', '2026-11-02T12:00:00Z', 7)?.from).toBe(
      '2026-10-26T11:00:00.000Z',
    )
  })
})
