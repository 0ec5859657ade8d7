import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { PlaceholderPage } from '@/components/placeholder-page'
import { requireMember } from '@/lib/route-guards'
import { lenient } from '@/lib/search-params'

// Notifications link here with highlight={testimony id} (spec 000 §2).
const testimoniesSearchSchema = z.object({ highlight: lenient(z.string()) })

export const Route = createFileRoute('/_main/testimonies/')({
  beforeLoad: requireMember,
  validateSearch: testimoniesSearchSchema,
  component: () => (
    <PlaceholderPage title="Testimonies" purpose="Stories of gratitude: prayers answered, shared with the community." />
  ),
})
