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

describe('formatRelativeTime in the member language (issue 42: Intl in the locale)', () => {
  it.each(['es', 'pt-BR', 'fr', 'ar'] as const)('%s says each unit through Intl', (language) => {
    const cases: [number, Intl.NumberFormatOptions['unit'], number][] = [
      [59_000, 'second', 59],
      [5 * minute, 'minute', 5],
      [3 * 60 * minute, 'hour', 3],
      [2 * day, 'day', 2],
      [14 * day, 'week', 2],
      [200 * day, 'month', 6],
      [800 * day, 'year', 2],
    ]
    for (const [elapsed, unit, count] of cases) {
      const expected = new Intl.NumberFormat(language, {
        style: 'unit',
        unit,
        unitDisplay: 'narrow',
      }).format(count)
      expect(formatRelativeTime(ago(elapsed), now, language)).toBe(expected)
    }
  })

  it('differs from English where the language words it otherwise', () => {
    expect(formatRelativeTime(ago(2 * day), now, 'en')).toBe('2d')
    expect(formatRelativeTime(ago(2 * day), now, 'fr')).not.toBe('2d')
    expect(formatRelativeTime(ago(14 * day), now, 'es')).not.toBe('2w')
    expect(formatRelativeTime(ago(3 * 60 * minute), now, 'ar')).not.toBe('3h')
  })
})
