import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { usePrayerList } from '@/features/prayer-list/api/prayer-list'
import { LiveRoomPage } from '@/features/rooms/components/live-room-page'
import { requireMember } from '@/lib/route-guards'

// Issue 21: a room, live through the hub while its session runs. What a member may bring into
// it comes from their prayer list (the prayer-list feature); rooms only receive the choices.
export const Route = createFileRoute('/_main/rooms/$roomId')({
  beforeLoad: requireMember,
  component: RoomRoute,
})

function RoomRoute() {
  const { roomId } = Route.useParams()
  const navigate = useNavigate()
  const prayerList = usePrayerList()
  const choices = prayerList.data?.items.map(({ intention }) => ({
    intention_id: intention.intention_id,
    title: intention.title,
  }))
  return (
    <LiveRoomPage
      key={roomId}
      roomId={roomId}
      bringChoices={choices}
      onLeave={() => void navigate({ to: '/rooms' })}
    />
  )
}
