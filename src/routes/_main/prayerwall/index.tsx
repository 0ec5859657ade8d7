import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { PlaceholderPage } from '@/components/placeholder-page'
import { requireMember } from '@/lib/route-guards'
import { lenient } from '@/lib/search-params'

// spec 001 §2: highlight={intention id}; reactions={intention id} with tab (default prayed).
const prayerWallSearchSchema = z.object({
  highlight: lenient(z.string()),
  reactions: lenient(z.string()),
  tab: lenient(z.enum(['prayed', 'amen', 'candle'])),
})

export const Route = createFileRoute('/_main/prayerwall/')({
  beforeLoad: requireMember,
  validateSearch: prayerWallSearchSchema,
  component: () => (
    <PlaceholderPage
      title="Prayer Wall"
      purpose="A gentle public square for sharing intentions and praying for one another."
    />
  ),
})
