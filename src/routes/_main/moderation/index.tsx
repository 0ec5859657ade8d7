import { createFileRoute } from '@tanstack/react-router'
import { QueuePage } from '@/features/moderation/components/queue-page'

export const Route = createFileRoute('/_main/moderation/')({
  component: QueuePage,
})
