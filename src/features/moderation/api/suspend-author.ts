import type { SuspensionBody } from '@contract/moderation'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { moderationQueueKey } from './get-moderation-queue'

// POST /api/v1/moderation/users/:userId/suspension {days, reason} -> 204; DELETE lifts it.
export function suspendUser(userId: string, body: SuspensionBody) {
  return apiFetch(`/api/v1/moderation/users/${userId}/suspension`, { method: 'POST', body })
}

export function liftSuspension(userId: string) {
  return apiFetch(`/api/v1/moderation/users/${userId}/suspension`, { method: 'DELETE' })
}

// The queue shows each author's suspension: refresh it from the server after either change.
export function useSuspension(userId: string) {
  const queryClient = useQueryClient()
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: moderationQueueKey })
  const suspend = useMutation({
    mutationFn: (body: SuspensionBody) => suspendUser(userId, body),
    onSuccess,
  })
  const lift = useMutation({ mutationFn: () => liftSuspension(userId), onSuccess })
  return { suspend, lift }
}
