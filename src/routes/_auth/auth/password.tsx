import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router'
import { PasswordStep } from '@/features/auth/components/password-step'
import '@/features/auth/navigation-state'

// spec 000 §2: the email and next target arrive in navigation state; without them the email
// step comes first.
export const Route = createFileRoute('/_auth/auth/password')({
  beforeLoad: ({ location }) => {
    if (!location.state.email) throw redirect({ to: '/auth/email', replace: true })
  },
  component: PasswordPage,
})

function PasswordPage() {
  const email = useRouterState({ select: (state) => state.location.state.email })
  return email ? <PasswordStep email={email} /> : null
}
