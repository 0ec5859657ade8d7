import { createFileRoute } from '@tanstack/react-router'
import { AuthPlaceholder } from '@/components/auth-placeholder'

export const Route = createFileRoute('/_auth/forgot-password')({
  component: () => <AuthPlaceholder title="Forgot your password?" purpose="Enter your email and we will send you a link to set a new password." />,
})
