import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '@/components/placeholder-page'
import { requireMember } from '@/lib/route-guards'

export const Route = createFileRoute('/_main/prayerwall/create')({
  beforeLoad: requireMember,
  component: () => <PlaceholderPage title="Create Prayer Request" purpose="Share an intention with the whole wall or with one of your private groups, under your name or anonymously." />,
})
