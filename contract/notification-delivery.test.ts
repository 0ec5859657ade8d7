import { describe, expect, it } from 'vitest'
import { inQuietHours, reachesDevices } from './notification-delivery'
import { NOTIFICATION_TYPE_GROUPS, NotificationSettingsSchema } from './notification-settings'
import { NOTIFICATION_TYPES } from './notifications'

const night = { from: '22:00', to: '07:00', time_zone: 'Europe/Rome' }

describe('inQuietHours', () => {
  it('reads the clock of the member’s zone, not the server’s', () => {
    // 21:30 UTC in January is 22:30 in Rome (UTC+1): quiet; the same instant in London is not.
    const instant = new Date('2026-01-15T21:30:00Z')
    expect(inQuietHours(night, instant)).toBe(true)
    expect(inQuietHours({ ...night, time_zone: 'Europe/London' }, instant)).toBe(false)
  })

  it('follows daylight saving: 20:30 UTC is quiet in Rome in summer, not in winter', () => {
    expect(inQuietHours(night, new Date('2026-07-15T20:30:00Z'))).toBe(true)
    expect(inQuietHours(night, new Date('2026-01-15T20:30:00Z'))).toBe(false)
  })

  it('runs over midnight and ends at `to`', () => {
    expect(inQuietHours(night, new Date('2026-01-15T05:59:00Z'))).toBe(true) // 06:59 Rome
    expect(inQuietHours(night, new Date('2026-01-15T06:00:00Z'))).toBe(false) // 07:00 Rome
  })

  it('keeps a daytime span within the day, and equal times mean none', () => {
    const siesta = { from: '13:00', to: '15:00', time_zone: 'UTC' }
    expect(inQuietHours(siesta, new Date('2026-01-15T14:00:00Z'))).toBe(true)
    expect(inQuietHours(siesta, new Date('2026-01-15T16:00:00Z'))).toBe(false)
    expect(inQuietHours({ ...siesta, to: '13:00' }, new Date('2026-01-15T13:00:00Z'))).toBe(false)
  })

  it('leaves the morning before a daytime span alone', () => {
    const siesta = { from: '13:00', to: '15:00', time_zone: 'UTC' }
    expect(inQuietHours(siesta, new Date('2026-01-15T09:00:00Z'))).toBe(false)
  })

  it.each([
    ['13:00', true],
    ['12:59', false],
    ['14:59', true],
    ['15:00', false],
  ])('quiet from `from` (included) to `to` (excluded): %s is %s', (time, quiet) => {
    const siesta = { from: '13:00', to: '15:00', time_zone: 'UTC' }
    expect(inQuietHours(siesta, new Date(`2026-01-15T${time}:00Z`))).toBe(quiet)
  })

  it.each([
    ['22:29', false],
    ['22:30', true],
    ['06:44', true],
    ['06:45', false],
  ])('counts the minutes of the bounds and of the clock: %s is %s', (time, quiet) => {
    const night = { from: '22:30', to: '06:45', time_zone: 'UTC' }
    expect(inQuietHours(night, new Date(`2026-01-15T${time}:00Z`))).toBe(quiet)
  })
})

describe('reachesDevices', () => {
  const base = {
    settings: { push: {}, quiet_hours: null },
    mutedIntentionIds: new Set<string>(),
    notification: { type: 'PrayerReaction', sourceIntentionId: 'i-1' },
    now: new Date('2026-01-15T12:00:00Z'),
  }

  it('sends a type left out (default on), not one turned off', () => {
    expect(reachesDevices(base)).toBe(true)
    expect(
      reachesDevices({ ...base, settings: { ...base.settings, push: { PrayerReaction: false } } }),
    ).toBe(false)
    expect(
      reachesDevices({
        ...base,
        settings: { ...base.settings, push: { IntentionComment: false } },
      }),
    ).toBe(true)
  })

  it('sends nothing about a muted request', () => {
    expect(reachesDevices({ ...base, mutedIntentionIds: new Set(['i-1']) })).toBe(false)
    expect(reachesDevices({ ...base, mutedIntentionIds: new Set(['i-2']) })).toBe(true)
  })
})

describe('the settings schema and the groups', () => {
  it('puts every notification type in exactly one group', () => {
    const grouped = NOTIFICATION_TYPE_GROUPS.flatMap((group) => [...group.types])
    expect([...grouped].sort()).toEqual([...NOTIFICATION_TYPES].sort())
  })

  it.each([
    ['an unknown type', { push: { Nonsense: true }, quiet_hours: null }, 'push'],
    [
      'a time that is not HH:MM',
      { push: {}, quiet_hours: { ...night, from: '7pm' } },
      'quiet_hours.from',
    ],
    [
      'an unknown time zone',
      { push: {}, quiet_hours: { ...night, time_zone: 'Mars/Olympus' } },
      'quiet_hours.time_zone',
    ],
  ])('refuses %s, naming the field', (_case, input, field) => {
    const result = NotificationSettingsSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field])
  })
})
