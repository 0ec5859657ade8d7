import { AccountSessionsSchema } from '@contract/account'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

/** Issue 39: GET /api/v1/users/me/sessions, the devices signed in to the account. */
export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/users/me/sessions', { schema: AccountSessionsSchema, signal }),
  })
}

/** Signs out one device (`sessionId`), or every other one (`null`). */
export function useSignOutDevices() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      apiFetch(
        sessionId === null
          ? '/api/v1/users/me/sessions'
          : `/api/v1/users/me/sessions/${encodeURIComponent(sessionId)}`,
        { method: 'DELETE' },
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
  })
}
