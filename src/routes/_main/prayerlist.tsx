import { createFileRoute } from '@tanstack/react-router'
import { PrayerListPage } from '@/features/prayer-list/components/prayer-list-page'
import { requireMember } from '@/lib/route-guards'

// Issue 20: My Prayer List, with the member's reminder settings.
export const Route = createFileRoute('/_main/prayerlist')({
  beforeLoad: requireMember,
  component: PrayerListPage,
})
