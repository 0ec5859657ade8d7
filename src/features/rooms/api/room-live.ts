import {
  type JoinRoomResult,
  RoomAmenEventSchema,
  RoomClosedEventSchema,
  type RoomIntention,
  RoomIntentionChangedEventSchema,
  RoomPresenceUpdateEventSchema,
  RoomRemovedEventSchema,
} from '@contract/rooms'
import { type QueryClient, queryOptions, skipToken } from '@tanstack/react-query'
import { roomsRootKey } from './get-rooms'

// The live session of a room as this screen holds it: filled by JoinRoom's answer, then kept up
// by the hub's room events (src/app/hub-wiring.ts hands them here). Never persisted.

export type RoomLive = {
  count: number
  names: string[]
  intention: RoomIntention | null
  /** Counts the Amens that reached this screen for the intention on it: the pulse's key. */
  pulses: number
  /** The session was closed, or this member removed from it, while they were here. */
  ended: 'closed' | 'removed' | null
}

export function roomLiveQueryOptions(roomId: string) {
  return queryOptions<RoomLive | null>({
    queryKey: [...roomsRootKey, 'live', roomId] as const,
    queryFn: skipToken,
    staleTime: Infinity,
  })
}

function patchLive(
  queryClient: QueryClient,
  roomId: string,
  patch: (live: RoomLive) => Partial<RoomLive>,
) {
  queryClient.setQueryData(roomLiveQueryOptions(roomId).queryKey, (live) =>
    live ? { ...live, ...patch(live) } : live,
  )
}

export function startLive(queryClient: QueryClient, roomId: string, joined: JoinRoomResult) {
  const live: RoomLive = {
    count: joined.count,
    names: joined.names,
    intention: joined.intention,
    pulses: 0,
    ended: null,
  }
  queryClient.setQueryData(roomLiveQueryOptions(roomId).queryKey, live)
}

export function stopLive(queryClient: QueryClient, roomId: string) {
  queryClient.removeQueries({ queryKey: roomLiveQueryOptions(roomId).queryKey, exact: true })
}

/** Hub events of a room: each parses its payload and changes only a room this screen is in. */
export const roomLiveEvents = {
  presence(queryClient: QueryClient, payload: unknown) {
    const parsed = RoomPresenceUpdateEventSchema.safeParse(payload)
    if (!parsed.success) return
    const { roomId, count, names } = parsed.data
    patchLive(queryClient, roomId, () => ({ count, names }))
  },
  intention(queryClient: QueryClient, payload: unknown) {
    const parsed = RoomIntentionChangedEventSchema.safeParse(payload)
    if (!parsed.success) return
    patchLive(queryClient, parsed.data.roomId, () => ({ intention: parsed.data.intention }))
  },
  amen(queryClient: QueryClient, payload: unknown) {
    const parsed = RoomAmenEventSchema.safeParse(payload)
    if (!parsed.success) return
    const { roomId, intentionId, count } = parsed.data
    patchLive(queryClient, roomId, (live) =>
      live.intention?.intention_id === intentionId
        ? { intention: { ...live.intention, amen_count: count }, pulses: live.pulses + 1 }
        : {},
    )
  },
  closed(queryClient: QueryClient, payload: unknown) {
    const parsed = RoomClosedEventSchema.safeParse(payload)
    if (!parsed.success) return
    patchLive(queryClient, parsed.data.roomId, () => ({ ended: 'closed' }))
    void queryClient.invalidateQueries({ queryKey: roomsRootKey })
  },
  removed(queryClient: QueryClient, payload: unknown) {
    const parsed = RoomRemovedEventSchema.safeParse(payload)
    if (!parsed.success) return
    patchLive(queryClient, parsed.data.roomId, () => ({ ended: 'removed' }))
  },
}
