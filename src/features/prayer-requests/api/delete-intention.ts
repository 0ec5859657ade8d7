import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Spec 001 §7 DELETE /api/v1/intentions/{id}: the owner deletes, a moderator removes.
export function deleteIntention(intentionId: string) {
  return apiFetch(`/api/v1/intentions/${intentionId}`, { method: 'DELETE' })
}

export function useDeleteIntention() {
  return useMutation({ mutationFn: deleteIntention })
}
