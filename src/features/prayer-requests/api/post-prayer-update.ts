import { type PrayerUpdate, PrayerUpdateSchema } from '@contract/prayer-updates'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

// Issue 20: POST /api/v1/intentions/{id}/updates `{ "text": "…" }`, the author's update. Online
// only: the composer keeps its draft on the device until the server has it.
export function postPrayerUpdate(intentionId: string, text: string): Promise<PrayerUpdate> {
  return apiFetch(`/api/v1/intentions/${encodeURIComponent(intentionId)}/updates`, {
    method: 'POST',
    body: { text },
    schema: PrayerUpdateSchema,
  })
}

export function usePostPrayerUpdate() {
  return useMutation({
    mutationFn: ({ intentionId, text }: { intentionId: string; text: string }) =>
      postPrayerUpdate(intentionId, text),
  })
}
