import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { GroupPage } from '@/features/groups/components/group-page'
import { requireMember } from '@/lib/route-guards'

export const Route = createFileRoute('/_main/groups/$groupId')({
  beforeLoad: requireMember,
  component: GroupRoute,
})

function GroupRoute() {
  const { groupId } = Route.useParams()
  const navigate = useNavigate()
  return (
    <GroupPage key={groupId} groupId={groupId} onLeft={() => void navigate({ to: '/groups' })} />
  )
}
