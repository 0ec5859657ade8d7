import { createFileRoute } from '@tanstack/react-router'
import { BlocklistPage } from '@/features/moderation/components/blocklist-page'

export const Route = createFileRoute('/_main/moderation/blocklist')({
  component: BlocklistPage,
})
