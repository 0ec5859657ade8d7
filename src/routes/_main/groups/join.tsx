import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { JoinGroupPage } from '@/features/groups/components/join-group-page'
import { requireMember } from '@/lib/route-guards'
import { lenient } from '@/lib/search-params'

// An invite link: /groups/join?code={invite code}.
const joinSearchSchema = z.object({ code: lenient(z.string()) })

export const Route = createFileRoute('/_main/groups/join')({
  beforeLoad: requireMember,
  validateSearch: joinSearchSchema,
  component: JoinGroupRoute,
})

function JoinGroupRoute() {
  const { code } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <JoinGroupPage
      initialCode={code ?? ''}
      onJoined={(group) => void navigate({ to: '/groups/$groupId', params: { groupId: group.id } })}
    />
  )
}
