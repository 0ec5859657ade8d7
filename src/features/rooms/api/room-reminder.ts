import type { Room, RoomList } from '@contract/rooms'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { roomListQueryOptions, roomPath } from './get-rooms'

// "Remind me": PUT / DELETE /api/v1/rooms/{id}/reminder (both idempotent). The switch moves at
// once and goes back if the server says no.
export function useRoomReminder() {
  const queryClient = useQueryClient()
  const listKey = roomListQueryOptions().queryKey
  const setReminded = (roomId: string, reminded: boolean) =>
    queryClient.setQueryData<RoomList>(
      listKey,
      (list) =>
        list && {
          items: list.items.map((room): Room =>
            room.room_id === roomId ? { ...room, reminded } : room,
          ),
        },
    )
  return useMutation({
    mutationFn: ({ roomId, reminded }: { roomId: string; reminded: boolean }) =>
      apiFetch(`${roomPath(roomId)}/reminder`, { method: reminded ? 'PUT' : 'DELETE' }),
    onMutate: async ({ roomId, reminded }) => {
      await queryClient.cancelQueries({ queryKey: listKey })
      setReminded(roomId, reminded)
    },
    onError: (_error, { roomId, reminded }) => setReminded(roomId, !reminded),
  })
}
