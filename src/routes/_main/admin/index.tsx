import { createFileRoute } from '@tanstack/react-router'
import { DashboardPage } from '@/features/dashboard/components/dashboard-page'
import { requireMember } from '@/lib/route-guards'

// Issue 38: the dashboard for moderators and admins; the server answers 403 to anyone else and
// the page says so. Its own lazy chunk (autoCodeSplitting): nothing of it reaches the wall.
export const Route = createFileRoute('/_main/admin/')({
  beforeLoad: requireMember,
  component: DashboardPage,
})
