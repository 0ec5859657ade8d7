import { describe, expect, it } from 'vitest'
import { instantOf, nextSlotAfter } from '@contract/zoned-time'
import { nextReminderAt, nextRemindersAt, secondOfMinute } from './reminder-schedule'

// Issue 20: reminders are due at the member's own time in their own zone, on their days, and a
// daylight-saving change neither skips nor doubles one.

const weekdays = [1, 2, 3, 4, 5]
const seven = [{ days: [1, 2, 3, 4, 5, 6, 7], time: '07:00' }]

/** Every reminder instant from `from` until `to`, following the schedule as the job does. */
function run(timeZone: string, slots: typeof seven, from: string, to: string): string[] {
  const fired: string[] = []
  let at = nextSlotAfter(timeZone, slots, new Date(from))
  while (at && at < new Date(to)) {
    fired.push(at.toISOString())
    at = nextSlotAfter(timeZone, slots, at)
  }
  return fired
}

describe('reminder schedule', () => {
  it('puts 07:00 at each zone’s own 07:00', () => {
    const after = new Date('2026-11-25T00:00:00Z') // a Wednesday
    expect(nextSlotAfter('Europe/Rome', seven, after)?.toISOString()).toBe(
      '2026-11-25T06:00:00.000Z',
    )
    expect(nextSlotAfter('America/New_York', seven, after)?.toISOString()).toBe(
      '2026-11-25T12:00:00.000Z',
    )
    expect(nextSlotAfter('Asia/Tokyo', seven, after)?.toISOString()).toBe(
      '2026-11-25T22:00:00.000Z',
    )
    expect(nextSlotAfter('Asia/Kolkata', seven, after)?.toISOString()).toBe(
      '2026-11-25T01:30:00.000Z',
    )
  })

  it('keeps to the chosen days: Friday evening goes on to Monday', () => {
    const friday = new Date('2026-11-27T10:00:00Z')
    expect(
      nextSlotAfter('Europe/Rome', [{ days: weekdays, time: '07:00' }], friday)?.toISOString(),
    ).toBe('2026-11-30T06:00:00.000Z')
  })

  it('picks the earliest of several slots and has none without slots', () => {
    const slots = [
      { days: [3], time: '21:00' },
      { days: [3], time: '07:00' },
    ]
    const noon = new Date('2026-11-25T11:00:00Z')
    expect(nextSlotAfter('Europe/Rome', slots, noon)?.toISOString()).toBe(
      '2026-11-25T20:00:00.000Z',
    )
    expect(nextSlotAfter('Europe/Rome', [], noon)).toBeNull()
  })

  it('sends once a day across the spring change, in local time on both sides', () => {
    // Europe/Rome moves from +01:00 to +02:00 on Sunday 29 March 2026.
    expect(run('Europe/Rome', seven, '2026-03-27T12:00:00Z', '2026-03-31T12:00:00Z')).toEqual([
      '2026-03-28T06:00:00.000Z',
      '2026-03-29T05:00:00.000Z',
      '2026-03-30T05:00:00.000Z',
      '2026-03-31T05:00:00.000Z',
    ])
  })

  it('sends once a day across the autumn change, in local time on both sides', () => {
    expect(run('Europe/Rome', seven, '2026-10-23T12:00:00Z', '2026-10-27T12:00:00Z')).toEqual([
      '2026-10-24T05:00:00.000Z',
      '2026-10-25T06:00:00.000Z',
      '2026-10-26T06:00:00.000Z',
      '2026-10-27T06:00:00.000Z',
    ])
  })

  it('a time in the spring gap fires once just after it; one in the autumn overlap fires once', () => {
    const gap = [{ days: [1, 2, 3, 4, 5, 6, 7], time: '02:30' }]
    const spring = run('Europe/Rome', gap, '2026-03-28T12:00:00Z', '2026-03-30T12:00:00Z')
    expect(spring).toEqual(['2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z'])
    const autumn = run('Europe/Rome', gap, '2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z')
    // 02:30 happens twice on 25 October (00:30Z and 01:30Z): only the first.
    expect(autumn).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z'])
    expect(
      instantOf('America/New_York', { year: 2026, month: 3, day: 8, hour: 2, minute: 30 }),
    ).toEqual(new Date('2026-03-08T07:30:00Z'))
  })

  it('spreads members over the minute and never repeats a member’s sent slot', () => {
    const seconds = new Set(
      Array.from({ length: 200 }, (_, i) => secondOfMinute(`0000000${i}-aaaa-bbbb`)),
    )
    expect(seconds.size).toBeGreaterThan(40)
    const user = '019abcde-0000-7000-8000-000000000001'
    const first = nextReminderAt(user, 'Europe/Rome', seven, new Date('2026-11-25T00:00:00Z'))!
    expect(first.getTime() - Date.parse('2026-11-25T06:00:00Z')).toBe(secondOfMinute(user) * 1000)
    const second = nextReminderAt(user, 'Europe/Rome', seven, first)!
    expect(second.getTime() - first.getTime()).toBe(86_400_000)
  })
  it('answers a batch of due members as one by one, sharing the zone maths only where alike', () => {
    const members = Array.from({ length: 60 }, (_, i) => {
      const userId = `019abcde-0000-7000-8000-${String(i).padStart(12, '0')}`
      const timeZone = ['Europe/Rome', 'America/New_York', 'Asia/Manila'][i % 3]!
      const slots = i % 4 === 0 ? [{ days: weekdays, time: '21:30' }] : seven
      // Half due at this minute's slot (their own second), half at another minute.
      const minute = Date.parse(i % 2 === 0 ? '2026-11-25T06:00:00Z' : '2026-11-25T06:01:00Z')
      return { userId, timeZone, slots, after: new Date(minute + secondOfMinute(userId) * 1000) }
    })
    expect(nextRemindersAt(members)).toEqual(
      members.map(({ userId, timeZone, slots, after }) =>
        nextReminderAt(userId, timeZone, slots, after),
      ),
    )
  })
})
