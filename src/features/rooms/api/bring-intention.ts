import { RoomIntentionSchema } from '@contract/rooms'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { roomPath, roomQueryOptions } from './get-rooms'

// POST /api/v1/rooms/{id}/intentions { intention_id }: onto the room's prayer list.
export function useBringIntention(roomId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (intentionId: string) =>
      apiFetch(`${roomPath(roomId)}/intentions`, {
        method: 'POST',
        body: { intention_id: intentionId },
        schema: RoomIntentionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomQueryOptions(roomId).queryKey }),
  })
}
