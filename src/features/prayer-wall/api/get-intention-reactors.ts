import { PAGE_SIZE } from '@contract/pagination'
import { ReactorPageSchema } from '@contract/reactors'
import type { ReactorListPage } from '@/components/reactors-dialog'
import { apiFetch } from '@/lib/api-client'
import type { ReactorTab } from '../wall-views'

// GET /api/v1/intentions/{id}/reactions?type&limit=25&cursor (spec 001 §7, §9).
export async function fetchIntentionReactors(
  intentionId: string,
  type: ReactorTab,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReactorListPage> {
  const params = new URLSearchParams({ type, limit: String(PAGE_SIZE.reactions) })
  if (cursor) params.set('cursor', cursor)
  const page = await apiFetch(`/api/v1/intentions/${intentionId}/reactions?${params}`, {
    schema: ReactorPageSchema,
    signal,
  })
  return {
    items: page.items.map((reactor) => ({ ...reactor, id: reactor.user_id })),
    next_cursor: page.next_cursor,
  }
}

/** The reactors dialog appends the tab to this key. */
export function intentionReactorsKey(intentionId: string) {
  return ['intentions', 'reactors', intentionId] as const
}
