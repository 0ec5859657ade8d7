import { RoomMembersSchema } from '@contract/rooms'
import type { ReportInput } from '@contract/reports'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { roomPath, roomsRootKey } from './get-rooms'

// Issue 21 "Moderation": the room's leader (its creator) or a moderator closes a live session
// and removes someone from it; any member reports a room.

export function roomMembersQueryOptions(roomId: string) {
  return queryOptions({
    queryKey: [...roomsRootKey, 'members', roomId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${roomPath(roomId)}/members`, { schema: RoomMembersSchema, signal }),
  })
}

export function useRoomMembers(roomId: string, enabled: boolean) {
  return useQuery({ ...roomMembersQueryOptions(roomId), enabled })
}

export function useCloseRoom(roomId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch(`${roomPath(roomId)}/close`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsRootKey }),
  })
}

export function useRemoveRoomMember(roomId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch(`${roomPath(roomId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: roomMembersQueryOptions(roomId).queryKey }),
  })
}

export function reportRoom(roomId: string, body: ReportInput) {
  return apiFetch(`${roomPath(roomId)}/report`, { method: 'POST', body })
}
