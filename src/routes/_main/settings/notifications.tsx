import { createFileRoute } from '@tanstack/react-router'
import { NotificationSettingsPage } from '@/features/push/components/notification-settings-page'
import { requireMember } from '@/lib/route-guards'

// Issue 13: what of the member's notifications reaches their devices.
export const Route = createFileRoute('/_main/settings/notifications')({
  beforeLoad: requireMember,
  component: NotificationSettingsPage,
})
