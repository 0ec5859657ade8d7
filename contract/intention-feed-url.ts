import { PAGE_SIZE } from './pagination'

/** The wall tab's filters (spec 001 §7: the wall lists every status). */
export const WALL_FEED_FILTERS = { include_all_statuses: 'true' } as const

/**
 * GET /api/v1/intentions as the client asks for a page of a feed tab. The server names the
 * wall's first page in a preload when it serves the wall (issue 18), and a preload serves only
 * a request for the very same URL, so both build it here.
 */
export function intentionFeedUrl(
  filters: Readonly<Record<string, string>>,
  cursor: string | null = null,
): string {
  const params = new URLSearchParams({ ...filters, limit: String(PAGE_SIZE.intentions) })
  if (cursor) params.set('cursor', cursor)
  return `/api/v1/intentions?${params}`
}
