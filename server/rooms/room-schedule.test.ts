import { describe, expect, it } from 'vitest'
import { roomState, sessionAt, sessionStartingAfter } from './room-schedule'

const at = (iso: string) => new Date(iso)

describe('room schedule', () => {
  const oneOff = { startsAt: at('2026-11-25T18:00:00Z'), durationMinutes: 30, repeat: null }

  it('a one-off room is upcoming, live in [start, start + duration), then ended', () => {
    expect(sessionAt(oneOff, at('2026-11-25T17:59:59Z'))).toMatchObject({ live: false })
    expect(sessionAt(oneOff, at('2026-11-25T18:00:00Z'))).toEqual({
      start: at('2026-11-25T18:00:00Z'),
      end: at('2026-11-25T18:30:00Z'),
      live: true,
    })
    expect(sessionAt(oneOff, at('2026-11-25T18:29:59Z'))?.live).toBe(true)
    expect(sessionAt(oneOff, at('2026-11-25T18:30:00Z'))).toBeNull()
    expect(roomState({ ...oneOff, closedSessionAt: null }, at('2026-11-26T00:00:00Z')).state).toBe(
      'ended',
    )
  })

  // Rome: CET (UTC+1) until 2027-03-28 02:00, then CEST (UTC+2).
  const weekly = {
    // Wednesday 2026-11-25 19:00 in Rome.
    startsAt: at('2026-11-25T18:00:00Z'),
    durationMinutes: 60,
    repeat: { days: [3, 5], time_zone: 'Europe/Rome' },
  }

  it('a weekly room meets on its days at the same wall-clock time', () => {
    // After Wednesday's session: Friday 19:00 Rome.
    expect(sessionAt(weekly, at('2026-11-25T19:00:00Z'))).toMatchObject({
      start: at('2026-11-27T18:00:00Z'),
      live: false,
    })
    expect(sessionAt(weekly, at('2026-11-27T18:59:00Z'))).toMatchObject({
      start: at('2026-11-27T18:00:00Z'),
      live: true,
    })
    // Friday's over: next Wednesday.
    expect(sessionAt(weekly, at('2026-11-27T19:00:00Z'))?.start).toEqual(at('2026-12-02T18:00:00Z'))
  })

  it('keeps 19:00 local across the DST change (UTC moves an hour)', () => {
    // Wednesday 2027-03-24 is CET: 18:00Z; Wednesday 2027-03-31 is CEST: 17:00Z.
    expect(sessionAt(weekly, at('2027-03-23T00:00:00Z'))?.start).toEqual(at('2027-03-24T18:00:00Z'))
    expect(sessionAt(weekly, at('2027-03-30T00:00:00Z'))?.start).toEqual(at('2027-03-31T17:00:00Z'))
  })

  it('a time zone far from UTC keeps its own weekday', () => {
    // Monday 08:00 in Auckland (NZDT, UTC+13) is Sunday 19:00 UTC.
    const auckland = {
      startsAt: at('2026-11-29T19:00:00Z'),
      durationMinutes: 10,
      repeat: { days: [1], time_zone: 'Pacific/Auckland' },
    }
    expect(sessionAt(auckland, at('2026-11-29T19:10:00Z'))?.start).toEqual(
      at('2026-12-06T19:00:00Z'),
    )
  })

  it('a closed session reads closed until the next one', () => {
    const closed = { ...weekly, closedSessionAt: at('2026-11-27T18:00:00Z') }
    expect(roomState(closed, at('2026-11-27T18:30:00Z')).state).toBe('closed')
    expect(roomState(closed, at('2026-12-02T18:30:00Z')).state).toBe('live')
  })

  it('finds the session after an instant for reminders', () => {
    expect(sessionStartingAfter(oneOff, at('2026-11-25T17:00:00Z'))).toEqual(oneOff.startsAt)
    expect(sessionStartingAfter(oneOff, at('2026-11-25T18:00:00Z'))).toBeNull()
    expect(sessionStartingAfter(weekly, at('2026-11-25T18:00:00Z'))).toEqual(
      at('2026-11-27T18:00:00Z'),
    )
  })
})
