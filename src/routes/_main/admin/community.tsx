import { createFileRoute } from '@tanstack/react-router'
import { CommunitySettingsPage } from '@/features/admin-community/components/community-settings-page'
import { AdminOnly, ModerationLayout } from '@/features/moderation/components/moderation-layout'
import { requireMember } from '@/lib/route-guards'

// Issue 38: admins only (the server answers 403 to anyone else; the page says so first).
export const Route = createFileRoute('/_main/admin/community')({
  beforeLoad: requireMember,
  component: () => (
    <ModerationLayout>
      <AdminOnly>
        <CommunitySettingsPage />
      </AdminOnly>
    </ModerationLayout>
  ),
})
