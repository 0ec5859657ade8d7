import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '@/features/account/components/account-page'
import { requireMember } from '@/lib/route-guards'

// Issue 39: the member's name, email, password and signed-in devices.
export const Route = createFileRoute('/_main/settings/account')({
  beforeLoad: requireMember,
  component: AccountPage,
})
