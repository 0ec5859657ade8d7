import { createFileRoute } from '@tanstack/react-router'
import { AuthPlaceholder } from '@/components/auth-placeholder'

export const Route = createFileRoute('/_auth/auth/password')({
  component: () => <AuthPlaceholder title="Enter your password" purpose="Sign in with the password of your account." />,
})
