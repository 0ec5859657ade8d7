import { createFileRoute } from '@tanstack/react-router'
import { AuthPlaceholder } from '@/components/auth-placeholder'

export const Route = createFileRoute('/_auth/auth/email')({
  component: () => <AuthPlaceholder title="Continue with email" purpose="Enter your email address to sign in or create an account." />,
})
