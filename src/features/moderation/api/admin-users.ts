import {
  AdminUsersPageSchema,
  type GrantableRole,
  MODERATION_PAGE_SIZE,
  type RolesBody,
  RolesSchema,
} from '@contract/moderation'
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET /api/v1/admin/users?search&cursor (admins): members by display name or email.
export function fetchAdminUsersPage(search: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(MODERATION_PAGE_SIZE) })
  if (search) params.set('search', search)
  if (cursor) params.set('cursor', cursor)
  return apiFetch(`/api/v1/admin/users?${params}`, { schema: AdminUsersPageSchema, signal })
}

export const adminUsersKey = ['admin', 'users'] as const

export function adminUsersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...adminUsersKey, search],
    queryFn: ({ pageParam, signal }) => fetchAdminUsersPage(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useAdminUsers(search: string) {
  // The previous result stays on screen while a new search runs, so the list does not blink.
  return useInfiniteQuery({ ...adminUsersQueryOptions(search), placeholderData: keepPreviousData })
}

// PUT /api/v1/admin/users/:userId/roles {moderator?, room_leader?} -> {roles} (audited by the
// server).
export function setRoles(userId: string, body: RolesBody) {
  return apiFetch(`/api/v1/admin/users/${userId}/roles`, {
    method: 'PUT',
    body,
    schema: RolesSchema,
  })
}

export function useSetRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      userId,
      role,
      granted,
    }: {
      userId: string
      role: GrantableRole
      granted: boolean
    }) => setRoles(userId, { [role]: granted }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })
}
