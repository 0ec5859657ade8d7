import { AuditPageSchema, MODERATION_PAGE_SIZE } from '@contract/moderation'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/moderation/audit?cursor (admins): newest first, append-only.
export function fetchAuditPage(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(MODERATION_PAGE_SIZE) })
  if (cursor) params.set('cursor', cursor)
  return apiFetch(`/api/v1/moderation/audit?${params}`, { schema: AuditPageSchema, signal })
}

export function auditLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['moderation', 'audit'],
    queryFn: ({ pageParam, signal }) => fetchAuditPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions())
}
