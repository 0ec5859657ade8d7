import { DashboardSchema } from '@contract/dashboard'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/admin/dashboard (moderators and admins; issue 38). The server keeps its answer a
// minute, so reading it more often shows nothing new.
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/admin/dashboard', { schema: DashboardSchema, signal }),
    staleTime: 60_000,
  })
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions())
}
