import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as z from 'zod/mini'
import { SEARCH_SCOPES, type SearchScope } from '@contract/search-scopes'
import type { SearchResult } from '@contract/search'
import { SearchPage } from '@/features/search/components/search-page'
import { requireMember } from '@/lib/route-guards'
import { lenient } from '@/lib/search-params'

// Issue 43: the search is in the URL, so Back from a result comes back to the same results.
const searchSchema = z.object({
  q: lenient(z.string()),
  scope: lenient(z.enum(SEARCH_SCOPES)),
})

export const Route = createFileRoute('/_main/search')({
  beforeLoad: requireMember,
  validateSearch: searchSchema,
  component: SearchRoute,
})

/** A result opens where it lives, ringed: the wall or the testimonies. */
function resultLocation(result: SearchResult) {
  return result.type === 'intention'
    ? ({ to: '/prayerwall', search: { highlight: result.intention.intention_id } } as const)
    : ({ to: '/testimonies', search: { highlight: result.testimony.testimony_id } } as const)
}

function SearchRoute() {
  const { q = '', scope = 'all' } = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const onSearchChange = useCallback(
    (next: { q: string; scope: SearchScope }) =>
      void navigate({
        search: { q: next.q || undefined, scope: next.scope === 'all' ? undefined : next.scope },
        replace: true,
      }),
    [navigate],
  )
  return (
    <SearchPage
      q={q}
      scope={scope}
      onSearchChange={onSearchChange}
      hrefOf={(result) => router.buildLocation(resultLocation(result)).href}
      onOpen={(result) => void navigate(resultLocation(result))}
    />
  )
}
