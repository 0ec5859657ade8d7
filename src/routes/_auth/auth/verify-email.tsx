import { createFileRoute } from '@tanstack/react-router'
import { AuthPlaceholder } from '@/components/auth-placeholder'

export const Route = createFileRoute('/_auth/auth/verify-email')({
  component: () => <AuthPlaceholder title="Email verification" purpose="Verify your email address to use every feature of the community." />,
})
