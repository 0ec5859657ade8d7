import { createFileRoute } from '@tanstack/react-router'
import { InvitesPage } from '@/features/invites/components/invites-page'
import { ModerationLayout } from '@/features/moderation/components/moderation-layout'
import { requireMember } from '@/lib/route-guards'

// Issue 38: admins and moderators (the server answers 403 to anyone else; the layout says so).
export const Route = createFileRoute('/_main/admin/invites')({
  beforeLoad: requireMember,
  component: () => (
    <ModerationLayout>
      <InvitesPage />
    </ModerationLayout>
  ),
})
