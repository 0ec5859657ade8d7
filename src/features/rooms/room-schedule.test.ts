import { describe, expect, it } from 'vitest'
import { wallClock } from '@contract/zoned-time'
import { firstWeeklyStart, zonedDate, zonedInstant } from './room-schedule'

describe('room times in a chosen zone', () => {
  it('reads a wall-clock time in the zone, summer and winter alike', () => {
    expect(zonedInstant('2026-07-01', '19:00', 'Europe/Rome').toISOString()).toBe(
      '2026-07-01T17:00:00.000Z',
    )
    expect(zonedInstant('2026-12-01', '19:00', 'Europe/Rome').toISOString()).toBe(
      '2026-12-01T18:00:00.000Z',
    )
    expect(zonedInstant('2026-12-01', '07:30', 'America/New_York').toISOString()).toBe(
      '2026-12-01T12:30:00.000Z',
    )
    expect(zonedInstant('2026-12-01', '07:30', 'Asia/Kolkata').toISOString()).toBe(
      '2026-12-01T02:00:00.000Z',
    )
  })

  it('keeps the clock time across a DST change, and moves a skipped time past the gap', () => {
    // Europe/Rome springs forward at 02:00 on 29 March 2026.
    expect(zonedInstant('2026-03-28', '19:00', 'Europe/Rome').toISOString()).toBe(
      '2026-03-28T18:00:00.000Z',
    )
    expect(zonedInstant('2026-03-29', '19:00', 'Europe/Rome').toISOString()).toBe(
      '2026-03-29T17:00:00.000Z',
    )
    const skipped = wallClock('Europe/Rome', zonedInstant('2026-03-29', '02:30', 'Europe/Rome'))
    expect(skipped.hour).toBe(3)
  })

  it("finds a weekly room's first session: the next chosen day at its time, never in the past", () => {
    // Wednesday 25 November 2026, 20:00 in Rome.
    const now = new Date('2026-11-25T19:00:00Z')
    expect(zonedDate(now, 'Europe/Rome')).toBe('2026-11-25')
    // Wednesday 19:00 has passed: the next is Friday.
    expect(firstWeeklyStart([3, 5], '19:00', 'Europe/Rome', now)?.toISOString()).toBe(
      '2026-11-27T18:00:00.000Z',
    )
    // Wednesday 21:00 is still to come today.
    expect(firstWeeklyStart([3], '21:00', 'Europe/Rome', now)?.toISOString()).toBe(
      '2026-11-25T20:00:00.000Z',
    )
    // Only Wednesday, already past: a week on.
    expect(firstWeeklyStart([3], '19:00', 'Europe/Rome', now)?.toISOString()).toBe(
      '2026-12-02T18:00:00.000Z',
    )
    expect(firstWeeklyStart([], '19:00', 'Europe/Rome', now)).toBeNull()
  })
})
