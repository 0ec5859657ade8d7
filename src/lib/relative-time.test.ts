import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = new Date('2026-06-15T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const minute = 60_000
const day = 24 * 60 * minute

describe('formatRelativeTime (spec 001 §9: s, m, h, d, w under 5 weeks, mo, y)', () => {
  it.each([
    [0, '0s'],
    [59_000, '59s'],
    [minute, '1m'],
    [59 * minute, '59m'],
    [60 * minute, '1h'],
    [day - 1, '23h'],
    [day, '1d'],
    [6 * day, '6d'],
    [7 * day, '1w'],
    [34 * day, '4w'],
    [35 * day, '1mo'],
    [200 * day, '6mo'],
    [364 * day, '12mo'],
    [365 * day, '1y'],
    [800 * day, '2y'],
    [3 * 365 * day, '3y'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected)
  })

  it('reads a time slightly in the future (a clock behind the server) as 0s', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5_000), now)).toBe('0s')
  })
})
