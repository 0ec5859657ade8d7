import { createFileRoute, redirect } from '@tanstack/react-router'

// spec 000 §2: /auth/identifier redirects to /auth/email.
export const Route = createFileRoute('/_auth/auth/identifier')({
  beforeLoad: () => {
    throw redirect({ to: '/auth/email', replace: true })
  },
})
