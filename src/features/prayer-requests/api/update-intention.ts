import { type Intention, IntentionWriteResponseSchema } from '@contract/intentions'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

export type IntentionEdit = { title: string; details: string; tags: string[] }

// Spec 001 §7 PATCH /api/v1/intentions/{id}; expected_updated_at makes a stale edit a 409.
export function updateIntention(
  intention: Pick<Intention, 'intention_id' | 'updated_at'>,
  edit: IntentionEdit,
) {
  return apiFetch(`/api/v1/intentions/${intention.intention_id}`, {
    method: 'PATCH',
    body: { ...edit, expected_updated_at: intention.updated_at },
    schema: IntentionWriteResponseSchema,
  })
}

export function useUpdateIntention() {
  return useMutation({
    mutationFn: ({
      intention,
      edit,
    }: {
      intention: Pick<Intention, 'intention_id' | 'updated_at'>
      edit: IntentionEdit
    }) => updateIntention(intention, edit),
  })
}
