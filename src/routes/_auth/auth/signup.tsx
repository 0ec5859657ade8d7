import { createFileRoute } from '@tanstack/react-router'
import { AuthPlaceholder } from '@/components/auth-placeholder'

export const Route = createFileRoute('/_auth/auth/signup')({
  component: () => <AuthPlaceholder title="Create your account" purpose="Choose a password and accept the terms to join the community." />,
})
