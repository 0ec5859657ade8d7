import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = new Date('2026-06-30T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)

// Spec 001 §9: s, m, h, d, w (under 5 weeks), mo, y.
describe('relative time', () => {
  it.each([
    [0, '0s'],
    [59, '59s'],
    [60, '1m'],
    [3599, '59m'],
    [3600, '1h'],
    [86_399, '23h'],
    [86_400, '1d'],
    [6 * 86_400, '6d'],
    [7 * 86_400, '1w'],
    [34 * 86_400, '4w'],
    [35 * 86_400, '1mo'],
    [200 * 86_400, '6mo'],
    [365 * 86_400, '1y'],
    [800 * 86_400, '2y'],
  ])('%i seconds ago reads %s', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(expected)
  })

  it('a clock slightly behind the server never shows a negative age', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5000), now)).toBe('0s')
  })
})
