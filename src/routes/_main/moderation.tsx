import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ModerationLayout } from '@/features/moderation/components/moderation-layout'
import { requireMember } from '@/lib/route-guards'

// Issue 8: the moderators' screens. The layout shows "Not allowed" to everyone else.
export const Route = createFileRoute('/_main/moderation')({
  beforeLoad: requireMember,
  component: () => (
    <ModerationLayout>
      <Outlet />
    </ModerationLayout>
  ),
})
