import CircularProgress from '@mui/material/CircularProgress'
import { createFileRoute } from '@tanstack/react-router'
import { useMyGroups } from '@/features/groups/api/get-my-groups'
import { CreatePrayerRequestPage } from '@/features/prayer-requests/components/create-prayer-request-page'
import { useMemberId, useProfile } from '@/lib/session'
import { requireMember } from '@/lib/route-guards'

export const Route = createFileRoute('/_main/prayerwall/create')({
  beforeLoad: requireMember,
  component: CreatePrayerRequestRoute,
})

// The composer needs the member's id (the draft is theirs alone) and groups (private posting).
function CreatePrayerRequestRoute() {
  const { profile, isLoading } = useProfile()
  const userId = useMemberId()
  const groups = useMyGroups()
  if (isLoading && !profile) return <CircularProgress aria-label="Loading" />
  const mine = (groups.data ?? []).map(({ id, name }) => ({ id, name }))
  const realName = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ')
  return (
    <CreatePrayerRequestPage
      key={userId ?? 'anonymous'}
      userId={userId}
      groups={mine}
      names={{ displayName: profile?.displayName ?? null, realName: realName || null }}
    />
  )
}
