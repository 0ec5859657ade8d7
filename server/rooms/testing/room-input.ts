import type { CreateRoomInput } from '@contract/rooms'

// A room as POST /api/v1/rooms takes it, for the tests that create one.

export const minutesFromNow = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString()

/** A public room, live now (started five minutes ago, for half an hour), unless overridden. */
export function roomInput(overrides: Partial<CreateRoomInput> = {}): CreateRoomInput {
  return {
    name: 'Evening quiet prayer',
    description: 'Ten minutes together before the night.',
    group_id: null,
    starts_at: minutesFromNow(-5),
    duration_minutes: 30,
    repeat: null,
    ...overrides,
  }
}
