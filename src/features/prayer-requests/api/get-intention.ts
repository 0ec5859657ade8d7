import { IntentionSchema } from '@contract/intentions'
import { apiFetch } from '@/lib/api-client'

// Spec 001 §7 GET /api/v1/intentions/{id}: the edit dialog's "reload" after a 409.
export function getIntention(intentionId: string) {
  return apiFetch(`/api/v1/intentions/${intentionId}`, { schema: IntentionSchema })
}
