import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useMyGroups } from '@/features/groups/api/get-my-groups'
import { CreateRoomPage } from '@/features/rooms/components/create-room-page'
import { requireMember } from '@/lib/route-guards'
import { useProfile } from '@/lib/session'

// Issue 21: a room for one of the member's groups (or a public one, for moderators). The groups
// come from the groups feature; rooms only receive them.
export const Route = createFileRoute('/_main/rooms/create')({
  beforeLoad: requireMember,
  component: CreateRoomRoute,
})

function CreateRoomRoute() {
  const navigate = useNavigate()
  const groups = useMyGroups()
  const { profile, isLoading } = useProfile()
  return (
    <CreateRoomPage
      // The form starts once it knows both, so its first choice of place is the right one.
      groups={isLoading ? undefined : groups.data}
      groupsFailed={groups.isError}
      canCreatePublic={profile?.isModerator === true}
      onCreated={(room) =>
        void navigate({ to: '/rooms/$roomId', params: { roomId: room.room_id } })
      }
    />
  )
}
