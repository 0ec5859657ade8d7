import { type BlocklistPhraseBody, BlocklistSchema } from '@contract/moderation'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// GET/POST/DELETE /api/v1/moderation/blocklist: the content policy's extra phrases, applied by
// the server without a restart.
export function blocklistQueryOptions() {
  return queryOptions({
    queryKey: ['moderation', 'blocklist'],
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/moderation/blocklist', { schema: BlocklistSchema, signal }),
  })
}

export function useBlocklist() {
  return useQuery(blocklistQueryOptions())
}

export function addBlockedPhrase(body: BlocklistPhraseBody) {
  return apiFetch('/api/v1/moderation/blocklist', { method: 'POST', body })
}

export function removeBlockedPhrase(body: BlocklistPhraseBody) {
  return apiFetch('/api/v1/moderation/blocklist', { method: 'DELETE', body })
}

export function useEditBlocklist() {
  const queryClient = useQueryClient()
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: blocklistQueryOptions().queryKey })
  return {
    add: useMutation({ mutationFn: addBlockedPhrase, onSuccess }),
    remove: useMutation({ mutationFn: removeBlockedPhrase, onSuccess }),
  }
}
