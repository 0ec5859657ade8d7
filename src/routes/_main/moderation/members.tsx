import { createFileRoute } from '@tanstack/react-router'
import { PendingMembersPage } from '@/features/moderation/components/pending-members-page'

// Issue 38: members waiting for a moderator's approval (join = "approval").
export const Route = createFileRoute('/_main/moderation/members')({
  component: PendingMembersPage,
})
