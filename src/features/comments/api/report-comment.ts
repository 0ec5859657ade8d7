import type { ReportInput } from '@contract/reports'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api-client'
import { ErrorCode } from '@contract/errors'
import { patchCachedComment } from './comments-cache'
import { commentsPath } from './get-comments'

// Spec 001 §7: POST …/comments/{commentId}/report {category, note}.
export async function reportComment(intentionId: string, commentId: string, body: ReportInput) {
  try {
    await apiFetch(`${commentsPath(intentionId)}/${encodeURIComponent(commentId)}/report`, {
      method: 'POST',
      body,
    })
  } catch (error) {
    // Reported already (another tab, an earlier try whose answer was lost): the wish is met.
    if (error instanceof ApiError && error.code === ErrorCode.alreadyReported) return
    throw error
  }
}

export function useReportComment(intentionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: ReportInput }) =>
      reportComment(intentionId, commentId, body),
    // Spec 001 §2: the item then shows "Reported" and is disabled.
    onSuccess: (_answer, { commentId }) =>
      patchCachedComment(queryClient, intentionId, commentId, () => ({ has_reported: true })),
  })
}
