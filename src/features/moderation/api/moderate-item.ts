import type { ModerationTargetType, NoteBody, RemoveBody } from '@contract/moderation'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { moderationQueueKey } from './get-moderation-queue'

export type ItemAction =
  | { action: 'approve'; body?: undefined }
  | { action: 'dismiss'; body?: NoteBody }
  | { action: 'restore'; body?: NoteBody }
  | { action: 'remove'; body: RemoveBody }

type Target = { type: ModerationTargetType; id: string }

// POST /api/v1/moderation/items/:type/:id/{approve|dismiss|remove|restore} -> 204.
export function moderateItem(target: Target, { action, body }: ItemAction) {
  return apiFetch(`/api/v1/moderation/items/${target.type}/${target.id}/${action}`, {
    method: 'POST',
    body: body ?? {},
  })
}

/**
 * One item's actions. Not optimistic: a moderator must see that the server took the decision
 * (pending, then the list refreshed from the server) or why it did not.
 */
export function useModerateItem(target: Target) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: ItemAction) => moderateItem(target, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationQueueKey }),
  })
}
