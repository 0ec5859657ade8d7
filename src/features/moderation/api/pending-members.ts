import {
  ApprovedMemberSchema,
  PENDING_MEMBERS_PAGE_SIZE,
  PendingMembersPageSchema,
} from '@contract/membership'
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Issue 38, join = "approval": the members waiting for a moderator, longest wait first.
export function fetchPendingMembers(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PENDING_MEMBERS_PAGE_SIZE) })
  if (cursor) params.set('cursor', cursor)
  return apiFetch(`/api/v1/moderation/members/pending?${params}`, {
    schema: PendingMembersPageSchema,
    signal,
  })
}

const pendingMembersKey = ['moderation', 'members', 'pending'] as const

export function pendingMembersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: pendingMembersKey,
    queryFn: ({ pageParam, signal }) => fetchPendingMembers(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function usePendingMembers() {
  return useInfiniteQuery(pendingMembersQueryOptions())
}

export type MemberDecision = 'approve' | 'reject'

// POST …/members/{userId}/approve → { userId, approvedAt }; …/reject → 204 (the account goes).
export function decideMember(userId: string, decision: MemberDecision) {
  const path = `/api/v1/moderation/members/${encodeURIComponent(userId)}/${decision}`
  return decision === 'approve'
    ? apiFetch(path, { method: 'POST', schema: ApprovedMemberSchema }).then(() => undefined)
    : apiFetch(path, { method: 'POST' })
}

export function useDecideMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: string; decision: MemberDecision }) =>
      decideMember(userId, decision),
    // Decided here or by another moderator meanwhile (409/404): the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingMembersKey }),
  })
}
