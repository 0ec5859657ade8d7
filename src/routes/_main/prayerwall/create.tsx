import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '@/components/placeholder-page'

export const Route = createFileRoute('/_main/prayerwall/create')({
  component: () => <PlaceholderPage title="Create Prayer Request" purpose="Share an intention with the whole wall or with one of your private groups, under your name or anonymously." />,
})
