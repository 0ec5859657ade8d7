import type { Comment } from '@contract/comments'
import type { ReportInput } from '@contract/reports'
import { ReportDialog } from '@/components/report-dialog'
import { useReportComment } from '../api/report-comment'

/**
 * Reports one comment through the shared report dialog (spec 001 §2), which shows the call's
 * errors itself. Once the report is in, the comment reads "Reported" and the caller shows the
 * thank-you (spec 001 §4).
 */
export function CommentReport({
  intentionId,
  comment,
  onClose,
  onReported,
}: {
  intentionId: string
  /** The comment being reported; null keeps the dialog closed. */
  comment: Comment | null
  onClose: () => void
  onReported: (commentId: string) => void
}) {
  const report = useReportComment(intentionId)
  const commentId = comment?.comment_id ?? null

  async function submit(body: ReportInput) {
    if (commentId === null) return
    await report.mutateAsync({ commentId, body })
    onReported(commentId)
  }

  return <ReportDialog open={comment !== null} onClose={onClose} onSubmit={submit} />
}
