import { createFileRoute } from '@tanstack/react-router'
import { AboutContact } from '@/features/landing/components/about-contact'
import { FeatureList } from '@/features/landing/components/feature-list'
import { HeroSection } from '@/features/landing/components/hero-section'
import { LandingNotice } from '@/features/landing/components/landing-notice'
import { PromiseList } from '@/features/landing/components/promise-list'

// spec 000 §1: the visitors' landing page.
export const Route = createFileRoute('/_main/')({
  component: () => (
    <>
      <LandingNotice />
      <HeroSection />
      <FeatureList />
      <PromiseList />
      <AboutContact />
    </>
  ),
})
