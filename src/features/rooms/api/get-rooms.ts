import { RoomDetailSchema, RoomListSchema } from '@contract/rooms'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Issue 21: GET /api/v1/rooms (upcoming and live, the member's own first) and GET …/{id}.

export const roomsRootKey = ['rooms'] as const

export function roomListQueryOptions() {
  return queryOptions({
    queryKey: [...roomsRootKey, 'list'] as const,
    queryFn: ({ signal }) => apiFetch('/api/v1/rooms', { schema: RoomListSchema, signal }),
    // A room turns live on the clock: read the list again now and then while it is open.
    refetchInterval: 60_000,
  })
}

export function useRoomList() {
  return useQuery(roomListQueryOptions())
}

export const roomPath = (roomId: string) => `/api/v1/rooms/${encodeURIComponent(roomId)}`

export function roomQueryOptions(roomId: string) {
  return queryOptions({
    queryKey: [...roomsRootKey, 'detail', roomId] as const,
    queryFn: ({ signal }) => apiFetch(roomPath(roomId), { schema: RoomDetailSchema, signal }),
    // A session starts and ends on the clock: the page follows it without a reload.
    refetchInterval: 30_000,
    // A 404 (not a member, or no such room) is an answer, not a hiccup.
    retry: (failures, error) => (error as { status?: number }).status !== 404 && failures < 2,
  })
}

export function useRoom(roomId: string) {
  return useQuery(roomQueryOptions(roomId))
}
