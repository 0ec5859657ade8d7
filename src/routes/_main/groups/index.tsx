import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { GroupsPage } from '@/features/groups/components/groups-page'
import { requireMember } from '@/lib/route-guards'

export const Route = createFileRoute('/_main/groups/')({
  beforeLoad: requireMember,
  component: GroupsRoute,
})

function GroupsRoute() {
  const navigate = useNavigate()
  return (
    <GroupsPage
      onCreated={(group) =>
        void navigate({ to: '/groups/$groupId', params: { groupId: group.id } })
      }
    />
  )
}
