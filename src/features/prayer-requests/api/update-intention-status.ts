import { type StatusUpdateBody, StatusUpdateResponseSchema } from '@contract/intention-status'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

export type StatusUpdateInput = Partial<StatusUpdateBody> & Pick<StatusUpdateBody, 'status'>

// Spec 001 §7 PATCH /api/v1/intentions/{id}/status: answer, release in peace, or reopen.
export function updateIntentionStatus(intentionId: string, body: StatusUpdateInput) {
  return apiFetch(`/api/v1/intentions/${intentionId}/status`, {
    method: 'PATCH',
    body,
    schema: StatusUpdateResponseSchema,
  })
}

export function useUpdateIntentionStatus() {
  return useMutation({
    mutationFn: ({ intentionId, body }: { intentionId: string; body: StatusUpdateInput }) =>
      updateIntentionStatus(intentionId, body),
  })
}

/** Spec 001 §4 "Reopen Prayer": answered or released_in_peace back to active. */
export function reopenIntention(intentionId: string) {
  return updateIntentionStatus(intentionId, { status: 'active' })
}

export function useReopenIntention() {
  return useMutation({ mutationFn: reopenIntention })
}
