import { describe, expect, it } from 'vitest'
import { dashboardWeeks } from './dashboard-weeks'

describe('dashboardWeeks', () => {
  it('starts each week on Monday at midnight UTC, this week last and ending now', () => {
    const now = new Date('2026-11-25T15:00:00Z') // a Wednesday
    const { labels, bounds } = dashboardWeeks('UTC', now, 3)
    expect(labels).toEqual(['2026-11-09', '2026-11-16', '2026-11-23'])
    expect(bounds.map((bound) => bound.toISOString())).toEqual([
      '2026-11-09T00:00:00.000Z',
      '2026-11-16T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
      now.toISOString(),
    ])
  })

  it('follows the community’s clock: its Monday, and a week an hour longer across the autumn change', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Paris (winter, UTC+1).
    const now = new Date('2026-11-01T23:30:00Z')
    const { labels, bounds } = dashboardWeeks('Europe/Paris', now, 2)
    expect(labels).toEqual(['2026-10-26', '2026-11-02'])
    expect(bounds.map((bound) => bound.toISOString())).toEqual([
      '2026-10-25T23:00:00.000Z', // Monday 26 Oct 00:00 CET (UTC+1), the day after the change
      '2026-11-01T23:00:00.000Z',
      now.toISOString(),
    ])
    const summer = dashboardWeeks('Europe/Paris', new Date('2026-10-27T12:00:00Z'), 2)
    expect(summer.bounds[0]?.toISOString()).toBe('2026-10-18T22:00:00.000Z') // CEST, UTC+2
    expect(summer.bounds[1]!.getTime() - summer.bounds[0]!.getTime()).toBe(169 * 3_600_000)
  })
})
