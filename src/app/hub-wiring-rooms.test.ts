import type { RoomIntention } from '@contract/rooms'
import { describe, expect, it } from 'vitest'
import { roomLiveQueryOptions, startLive } from '@/features/rooms/api/room-live'
import { currentHubLink } from '@/lib/hub-link'
import { settle, setUpHub } from './hub-wiring.fixture'

// Issue 21: a room screen calls hub methods through the session's connection and joins again on
// each new one; the room events reach the live room on screen and nothing else.

const hub = setUpHub()
const roomId = '0190f6f0-0000-7000-8000-0000000000a1'
const otherRoom = '0190f6f0-0000-7000-8000-0000000000b2'

const intention = (id: string, amen_count = 0): RoomIntention => ({
  intention_id: id,
  title: 'For my mother, who starts treatment on Monday',
  details: 'Please pray for strength.',
  author_display_name: 'Gentle Dove',
  brought_by: null,
  amen_count,
})
const first = '0190f6f0-0000-7000-8000-000000000001'
const second = '0190f6f0-0000-7000-8000-000000000002'
const live = () => hub.queryClient.getQueryData(roomLiveQueryOptions(roomId).queryKey)

describe('hub client: rooms', () => {
  it('offers hub calls while connected, and a new connection number on every reconnect', async () => {
    expect(currentHubLink(hub.queryClient).invoke).toBeNull()
    hub.signIn()
    hub.connect()
    await settle()
    const link = currentHubLink(hub.queryClient)
    expect(link.invoke).not.toBeNull()
    await link.invoke?.('JoinRoom', roomId, { seen: true })
    expect(hub.latest().invoked.at(-1)).toEqual({
      method: 'JoinRoom',
      args: [roomId, { seen: true }],
    })

    hub.latest().reconnect()
    expect(currentHubLink(hub.queryClient).connection).toBeGreaterThan(link.connection)
    expect(currentHubLink(hub.queryClient).invoke).not.toBeNull()

    // The reconnect delays ran out (or the session ended): nothing to call until the next one.
    await hub.latest().stop()
    expect(currentHubLink(hub.queryClient).invoke).toBeNull()
  })

  it('keeps presence, the intention on screen and Amens of the room joined; others are ignored', async () => {
    hub.signIn()
    hub.connect()
    await settle()
    startLive(hub.queryClient, roomId, { roomId, count: 1, names: [], intention: intention(first) })

    hub.latest().emit('RoomPresenceUpdate', { roomId, count: 3, names: ['Anna', 'Ben'] })
    hub.latest().emit('RoomPresenceUpdate', { roomId: otherRoom, count: 9, names: [] })
    expect(live()).toMatchObject({ count: 3, names: ['Anna', 'Ben'] })
    expect(hub.queryClient.getQueryData(roomLiveQueryOptions(otherRoom).queryKey)).toBeUndefined()

    hub.latest().emit('RoomAmen', { roomId, intentionId: first, count: 2 })
    expect(live()).toMatchObject({ pulses: 1, intention: { amen_count: 2 } })
    // An Amen for an intention no longer on screen neither pulses nor counts.
    hub.latest().emit('RoomIntentionChanged', { roomId, intention: intention(second) })
    hub.latest().emit('RoomAmen', { roomId, intentionId: first, count: 3 })
    expect(live()).toMatchObject({ pulses: 1, intention: { intention_id: second, amen_count: 0 } })

    hub.latest().emit('RoomClosed', { roomId })
    expect(live()?.ended).toBe('closed')
  })

  it('drops a malformed room event', async () => {
    hub.signIn()
    hub.connect()
    await settle()
    startLive(hub.queryClient, roomId, { roomId, count: 1, names: [], intention: null })
    hub.latest().emit('RoomPresenceUpdate', { roomId, count: -1, names: [] })
    hub.latest().emit('RoomRemoved', { roomId: 'not-a-uuid' })
    expect(live()).toMatchObject({ count: 1, ended: null })
  })
})
