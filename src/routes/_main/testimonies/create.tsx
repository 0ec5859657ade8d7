import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '@/components/placeholder-page'
import { requireMember } from '@/lib/route-guards'

export const Route = createFileRoute('/_main/testimonies/create')({
  beforeLoad: requireMember,
  component: () => <PlaceholderPage title="Share a Testimony" purpose="Tell the community how a prayer was answered, and link it to your prayer request if you wish." />,
})
