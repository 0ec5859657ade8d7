import { DataExportStatusSchema, type DataExportStatus } from '@contract/member-data'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Issue 40 "Download my data": GET/POST /api/v1/users/me/export.

const key = ['account', 'data-export'] as const

/** While an archive is being made, asks again every few seconds until it is ready. */
export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/users/me/export', { schema: DataExportStatusSchema, signal }),
    refetchInterval: (query) => (query.state.data?.export?.state === 'building' ? 3000 : false),
  })
}

export function useRequestDataExport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/users/me/export', { method: 'POST', schema: DataExportStatusSchema }),
    onSuccess: (status: DataExportStatus) => queryClient.setQueryData(key, status),
  })
}
