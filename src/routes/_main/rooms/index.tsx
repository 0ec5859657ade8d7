import { createFileRoute } from '@tanstack/react-router'
import { RoomsPage } from '@/features/rooms/components/rooms-page'
import { requireMember } from '@/lib/route-guards'

// Issue 21: upcoming and live prayer rooms.
export const Route = createFileRoute('/_main/rooms/')({
  beforeLoad: requireMember,
  component: RoomsPage,
})
