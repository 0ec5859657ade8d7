import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { TestimoniesPage } from '@/features/testimonies/components/testimonies-page'
import { requireMember } from '@/lib/route-guards'
import { lenient } from '@/lib/search-params'

// Notifications link here with highlight={testimony id} (spec 000 §2).
const testimoniesSearchSchema = z.object({ highlight: lenient(z.string()) })

export const Route = createFileRoute('/_main/testimonies/')({
  beforeLoad: requireMember,
  validateSearch: testimoniesSearchSchema,
  component: TestimoniesRoute,
})

function TestimoniesRoute() {
  const { highlight } = Route.useSearch()
  const navigate = Route.useNavigate()
  // The ring is a passing state: replacing keeps Back meaningful; the shared message stays, and
  // so does the scroll position (the ringed testimony stays in view).
  const onHighlightDone = () =>
    void navigate({
      search: (previous) => ({ ...previous, highlight: undefined }),
      replace: true,
      resetScroll: false,
      state: (previous) => previous,
    })
  return <TestimoniesPage highlight={highlight} onHighlightDone={onHighlightDone} />
}
