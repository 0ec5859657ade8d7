import { createFileRoute } from '@tanstack/react-router'
import { EmailStep } from '@/features/auth/components/email-step'

export const Route = createFileRoute('/_auth/auth/email')({
  component: EmailStep,
})
