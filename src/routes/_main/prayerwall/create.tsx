import CircularProgress from '@mui/material/CircularProgress'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as z from 'zod/mini'
import { useMyGroups } from '@/features/groups/api/get-my-groups'
import { CreatePrayerRequestPage } from '@/features/prayer-requests/components/create-prayer-request-page'
import { useMemberId, useProfile } from '@/lib/session'
import { requireMember } from '@/lib/route-guards'
import { lenient } from '@/lib/search-params'
import { useT } from '@/i18n/use-t'

// The installed app is a share target (manifest share_target, issue 17): text shared from
// another app arrives as title, text and url, and becomes the new request's details.
const sharedSearchSchema = z.object({
  title: lenient(z.string()),
  text: lenient(z.string()),
  url: lenient(z.string()),
})

export const Route = createFileRoute('/_main/prayerwall/create')({
  beforeLoad: requireMember,
  validateSearch: sharedSearchSchema,
  component: CreatePrayerRequestRoute,
})

// The composer needs the member's id (the draft is theirs alone) and groups (private posting).
function CreatePrayerRequestRoute() {
  const t = useT()
  const { profile, isLoading } = useProfile()
  const userId = useMemberId()
  const groups = useMyGroups()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Read once: the composer's draft keeps the text from here on, so the URL is cleaned at once
  // (a reload must not paste it twice, and the shared text does not stay in the history).
  const [shared] = useState(() => sharedText(search))
  useEffect(() => {
    if (shared !== null) void navigate({ search: {}, replace: true })
  }, [shared, navigate])
  if (isLoading && !profile) return <CircularProgress aria-label={t('Loading')} />
  const mine = (groups.data ?? []).map(({ id, name }) => ({ id, name }))
  const realName = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ')
  return (
    <CreatePrayerRequestPage
      key={userId ?? 'anonymous'}
      userId={userId}
      groups={mine}
      names={{ displayName: profile?.displayName ?? null, realName: realName || null }}
      sharedDetails={shared}
    />
  )
}

function sharedText(search: { title?: string; text?: string; url?: string }): string | null {
  const parts = [search.title, search.text, search.url].map((part) => part?.trim() ?? '')
  const text = parts.filter((part, index) => part !== '' && parts.indexOf(part) === index)
  return text.length > 0 ? text.join('\n') : null
}
