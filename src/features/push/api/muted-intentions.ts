import { MutedIntentionsSchema } from '@contract/muted-intentions'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Issue 13 "Mute this request": PUT/DELETE /api/v1/intentions/{id}/mute, and the member's muted
// list (for the card menus' wording and the page's system notifications).

export function mutedIntentionsQueryOptions() {
  return queryOptions({
    queryKey: ['notification-settings', 'muted-intentions'],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch('/api/v1/users/me/muted-intentions', {
        schema: MutedIntentionsSchema,
        signal,
      })
      return answer.intention_ids
    },
    staleTime: 60_000,
  })
}

/** Mutes or unmutes at once in the cache; a refusal puts it back and reads the server's list. */
export function useSetIntentionMuted() {
  const queryClient = useQueryClient()
  const { queryKey } = mutedIntentionsQueryOptions()
  return useMutation({
    mutationFn: ({ intentionId, muted }: { intentionId: string; muted: boolean }) =>
      apiFetch(`/api/v1/intentions/${encodeURIComponent(intentionId)}/mute`, {
        method: muted ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ intentionId, muted }) => {
      await queryClient.cancelQueries({ queryKey })
      const before = queryClient.getQueryData(queryKey)
      queryClient.setQueryData(queryKey, (ids = []) =>
        muted
          ? [...ids.filter((id) => id !== intentionId), intentionId]
          : ids.filter((id) => id !== intentionId),
      )
      return before
    },
    onError: (_error, _input, before) => {
      queryClient.setQueryData(queryKey, before)
      void queryClient.invalidateQueries({ queryKey })
    },
  })
}
