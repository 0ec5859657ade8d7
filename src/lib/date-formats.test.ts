import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDay, formatFullDate } from './date-formats'

describe('date formats', () => {
  it("read as the reader's locale writes a long date with its time, and a medium date", () => {
    const at = new Date('2026-11-27T08:15:00Z')
    expect(formatFullDate(at)).toBe(
      at.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' }),
    )
    expect(formatDay(at)).toBe(at.toLocaleDateString(undefined, { dateStyle: 'medium' }))
    expect(formatDateTime(at)).toBe(
      at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    )
    // The same formatter serves the next date.
    const later = new Date('2027-01-02T23:59:00Z')
    expect(formatFullDate(later)).toBe(
      later.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' }),
    )
  })
})
