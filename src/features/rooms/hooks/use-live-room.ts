import {
  JoinRoomResultSchema,
  ROOM_MESSAGES,
  RoomAmenEventSchema,
  RoomHubMethod,
  RoomIntentionChangedEventSchema,
} from '@contract/rooms'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { currentHubLink, useHubLink } from '@/lib/hub-link'
import { roomLiveQueryOptions, startLive, stopLive } from '../api/room-live'

export type JoinProblem = 'closed' | 'removed' | 'not-live' | 'failed'

// The server's HubException text arrives inside the client's own error message.
function joinProblem(error: unknown): JoinProblem {
  const message = error instanceof Error ? error.message : String(error)
  if (message.includes(ROOM_MESSAGES.removed)) return 'removed'
  if (message.includes(ROOM_MESSAGES.closed)) return 'closed'
  if (message.includes(ROOM_MESSAGES.notLive)) return 'not-live'
  return 'failed'
}

/**
 * Issue 21: this member is in the room's live session while the screen shows it. Joins on every
 * new hub connection (the server forgets rooms with the connection) and leaves on the way out.
 * `seen`: the member's name is shown to the others.
 */
export function useLiveRoom(roomId: string, { active, seen }: { active: boolean; seen: boolean }) {
  const queryClient = useQueryClient()
  const { connection, invoke } = useHubLink()
  const [problem, setProblem] = useState<JoinProblem | null>(null)
  const live = useQuery(roomLiveQueryOptions(roomId)).data ?? null

  useEffect(() => {
    if (!active || !invoke) return
    let current = true
    invoke(RoomHubMethod.JoinRoom, roomId, { seen }).then(
      (answer) => {
        const parsed = JoinRoomResultSchema.safeParse(answer)
        if (!current) return
        if (parsed.success) {
          startLive(queryClient, roomId, parsed.data)
          setProblem(null)
        } else setProblem('failed')
      },
      (error: unknown) => {
        if (current) setProblem(joinProblem(error))
      },
    )
    return () => {
      current = false
      // On the connection it joined on; after a reconnect the server has already let it go.
      if (currentHubLink(queryClient).connection !== connection) return
      invoke(RoomHubMethod.LeaveRoom, roomId).catch(() => undefined)
      stopLive(queryClient, roomId)
    }
  }, [active, invoke, connection, roomId, seen, queryClient])

  const amen = useCallback(
    async (intentionId: string) => {
      const answer = await invoke?.(RoomHubMethod.RoomAmen, roomId, intentionId)
      const parsed = RoomAmenEventSchema.safeParse(answer)
      if (!parsed.success) return
      queryClient.setQueryData(roomLiveQueryOptions(roomId).queryKey, (state) =>
        state?.intention?.intention_id === parsed.data.intentionId
          ? { ...state, intention: { ...state.intention, amen_count: parsed.data.count } }
          : state,
      )
    },
    [invoke, roomId, queryClient],
  )

  const advance = useCallback(async () => {
    const answer = await invoke?.(RoomHubMethod.AdvanceRoom, roomId)
    const parsed = RoomIntentionChangedEventSchema.safeParse(answer)
    if (!parsed.success) return
    queryClient.setQueryData(roomLiveQueryOptions(roomId).queryKey, (state) =>
      state ? { ...state, intention: parsed.data.intention } : state,
    )
  }, [invoke, roomId, queryClient])

  return { live, connected: invoke !== null, problem, amen, advance }
}
