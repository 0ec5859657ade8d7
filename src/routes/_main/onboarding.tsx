import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '@/components/placeholder-page'

export const Route = createFileRoute('/_main/onboarding')({
  component: () => <PlaceholderPage title="Complete your profile" purpose="Tell us a little about yourself and receive the public display name that protects your identity." />,
})
