import type { CommentReactionKind } from '@contract/comments'
import { ReactorsDialog, type ReactorsTab } from '@/components/reactors-dialog'
import { commentReactorsQueryKey, getCommentReactors } from '../api/get-comment-reactors'
import { COMMENT_TEXT } from '../comment-messages'

// Spec 001 §2 "Reactions list … for a comment (tabs Like, Amen)" with its empty texts.
const tabs: readonly ReactorsTab<CommentReactionKind>[] = [
  { key: 'like', label: 'Like', emptyText: COMMENT_TEXT.likesEmpty },
  { key: 'amen', label: 'Amen', emptyText: COMMENT_TEXT.amensEmpty },
]

export function CommentReactorsDialog({
  intentionId,
  commentId,
  kind,
  onKindChange,
  onClose,
}: {
  intentionId: string
  /** The comment whose reactions are listed; null keeps the dialog closed. */
  commentId: string | null
  kind: CommentReactionKind
  onKindChange: (kind: CommentReactionKind) => void
  onClose: () => void
}) {
  return (
    <ReactorsDialog
      open={commentId !== null}
      onClose={onClose}
      title="Reactions to this comment"
      tabs={tabs}
      activeTab={kind}
      onTabChange={onKindChange}
      queryKey={commentReactorsQueryKey(intentionId, commentId ?? '')}
      fetchPage={(type, cursor, signal) =>
        getCommentReactors({ intentionId, commentId: commentId ?? '', type, cursor, signal })
      }
    />
  )
}
