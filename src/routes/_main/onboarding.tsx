import { createFileRoute } from '@tanstack/react-router'
import { onboardingGuard } from '@/lib/route-guards'
import { OnboardingFlow } from './-components/onboarding-flow'

export const Route = createFileRoute('/_main/onboarding')({
  // Spec 000 §4 "Onboarding" redirect rules (accounts issue, lib/route-guards.ts).
  beforeLoad: onboardingGuard,
  component: OnboardingFlow,
})
