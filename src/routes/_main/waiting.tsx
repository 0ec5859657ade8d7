import { createFileRoute } from '@tanstack/react-router'
import { WaitingPage } from '@/features/membership/components/waiting-page'
import { waitingGuard } from '@/lib/route-guards'

// Issue 38: a member who finished onboarding waits here for a moderator's approval.
export const Route = createFileRoute('/_main/waiting')({
  beforeLoad: waitingGuard,
  component: WaitingPage,
})
