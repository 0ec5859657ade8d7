import { type CreateRoomInput, RoomSchema } from '@contract/rooms'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { roomsRootKey } from './get-rooms'

// POST /api/v1/rooms answers the room with its room_id.
export function useCreateRoom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateRoomInput) =>
      apiFetch('/api/v1/rooms', { method: 'POST', body, schema: RoomSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsRootKey }),
  })
}
