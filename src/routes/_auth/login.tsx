import { safeNextPath } from '@contract/auth'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as z from 'zod/mini'
import { LoginOptions } from '@/features/auth/components/login-options'
import { SavedWritesNotice } from '@/features/outbox/components/saved-writes-notice'
import { lenient, localPathSchema } from '@/lib/search-params'
import { readReturnPath, writeReturnPath } from '@/lib/session-storage'
import { readInvite, rememberInvite } from '@/features/auth/invite-code'
import { communityPage } from '@/lib/community-page'

// spec 000 §2: /login stores the next target, default /prayerwall (§9). Issue 38: an invite
// link opens it with ?invite=, kept for this tab's sign-up.
const loginSearchSchema = z.object({
  next: lenient(localPathSchema),
  invite: lenient(z.string().check(z.minLength(1))),
})

export const Route = createFileRoute('/_auth/login')({
  validateSearch: loginSearchSchema,
  component: LoginPage,
})

function LoginPage() {
  const { next: wanted, invite } = Route.useSearch()
  // A link's own next wins; otherwise the page a forced logout interrupted.
  const next = safeNextPath(wanted ?? readReturnPath(), '/prayerwall')
  useEffect(() => writeReturnPath(next), [next])
  const navigate = Route.useNavigate()
  // Kept for the tab's sign-up, then out of the address bar: the social buttons send the page's
  // address as their next target, and a shared screen should not show the code.
  useEffect(() => {
    if (!invite) return
    rememberInvite(invite)
    void navigate({ search: (search) => ({ ...search, invite: undefined }), replace: true })
  }, [invite, navigate])
  const invitationOnly = communityPage.join === 'invite' && !invite && readInvite() === null
  return (
    <>
      <SavedWritesNotice />
      <LoginOptions next={next} invitationOnly={invitationOnly} />
    </>
  )
}
