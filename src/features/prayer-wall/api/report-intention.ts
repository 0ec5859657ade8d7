import type { ReportInput } from '@contract/reports'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { patchIntention } from './intention-cache'

// POST /api/v1/intentions/{id}/report; the card then reads "Reported" (spec 001 §2, §4).
export function reportIntention(intentionId: string, body: ReportInput) {
  return apiFetch(`/api/v1/intentions/${intentionId}/report`, { method: 'POST', body })
}

export function useReportIntention() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ intentionId, body }: { intentionId: string; body: ReportInput }) =>
      reportIntention(intentionId, body),
    onSuccess: (_answer, { intentionId }) => {
      patchIntention(queryClient, intentionId, () => ({ has_reported: true }))
    },
  })
}
