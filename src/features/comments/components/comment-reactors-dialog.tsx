import type { CommentReactionKind } from '@contract/comments'
import { ReactorsDialog, type ReactorsTab } from '@/components/reactors-dialog'
import { useT } from '@/i18n/use-t'
import { commentReactorsQueryKey, getCommentReactors } from '../api/get-comment-reactors'
import { COMMENT_TEXT } from '../comment-messages'

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
  const t = useT()
  // Spec 001 §2 "Reactions list … for a comment (tabs Like, Amen)" with its empty texts.
  const tabs: readonly ReactorsTab<CommentReactionKind>[] = [
    { key: 'like', label: t('Like (reactions tab)'), emptyText: t(COMMENT_TEXT.likesEmpty) },
    { key: 'amen', label: t('Amen'), emptyText: t(COMMENT_TEXT.amensEmpty) },
  ]
  return (
    <ReactorsDialog
      open={commentId !== null}
      onClose={onClose}
      title={t('Reactions to this comment')}
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
