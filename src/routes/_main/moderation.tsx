import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '@/components/placeholder-page'

export const Route = createFileRoute('/_main/moderation')({
  component: () => <PlaceholderPage title="Moderation" purpose="Moderators review reported content here and remove what breaks the community's guidelines." />,
})
