import type { Room, RoomDetail, RoomIntention } from '@contract/rooms'

// Rooms as the server sends them, for the rooms screens' tests.

export const ROOM_ID = '0190f6f0-0000-7000-8000-0000000000a1'
export const GROUP_ID = '0190f6f0-0000-7000-8000-0000000000aa'

export function aRoom(overrides: Partial<Room> = {}): Room {
  return {
    room_id: ROOM_ID,
    name: 'Evening prayer',
    description: 'We pray for the sick.',
    group_id: GROUP_ID,
    group_name: 'Night Watch',
    starts_at: '2026-11-25T18:00:00.000Z',
    duration_minutes: 30,
    repeat: { days: [1, 3], time_zone: 'Europe/Rome' },
    quiet: false,
    state: 'upcoming',
    next_starts_at: '2026-11-30T18:00:00.000Z',
    ends_at: '2026-11-30T18:30:00.000Z',
    presence_count: 0,
    reminded: false,
    can_moderate: false,
    created_by: 'Gentle Dove',
    is_mine: false,
    ...overrides,
  }
}

export function aRoomIntention(overrides: Partial<RoomIntention> = {}): RoomIntention {
  return {
    intention_id: '0190f6f0-0000-7000-8000-000000000001',
    title: 'For my mother, who starts treatment on Monday',
    details: 'Please pray for strength and peace.',
    author_display_name: 'Quiet Cedar',
    brought_by: 'Gentle Dove',
    amen_count: 0,
    ...overrides,
  }
}

export function aRoomDetail(overrides: Partial<RoomDetail> = {}): RoomDetail {
  return {
    ...aRoom(),
    intentions: [],
    current_intention_id: null,
    names: [],
    removed: false,
    ...overrides,
  }
}
