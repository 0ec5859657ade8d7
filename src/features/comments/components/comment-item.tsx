import type { Comment, CommentReactionKind } from '@contract/comments'
import type { SupportBlock } from '@contract/content-policy'
import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { REPORT_MESSAGES } from '@contract/reports'
import { UnderReviewNotice } from '@/components/under-review-notice'
import { type MessageId, translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { formatRelativeTime } from '@/lib/relative-time'
import { CommentEditor } from './comment-editor'
import { type CommentMenuAction, CommentMenu } from './comment-menu'
import { CommentReactions } from './comment-reactions'
import { CommentSupportNotice } from './comment-support-notice'

export type CommentItemProps = {
  intentionId: string
  comment: Comment
  closed: boolean
  isModerator: boolean
  /** True for the 4 s after this member reported the comment (spec 001 §4, §9). */
  thanked: boolean
  onRequest: (action: 'delete' | 'report', comment: Comment, opener: HTMLElement) => void
  onShowReactors: (comment: Comment, kind: CommentReactionKind, opener: HTMLElement) => void
}

/**
 * One comment (spec 001 §2, §3, §6): author with "(OP)" and "(You)", relative time, like and
 * amen, and a menu whose items follow the permissions: the author or a moderator edits; the
 * author deletes, a moderator who is not the author removes; anyone reports, once. A closed
 * prayer takes no edits, and only moderators still remove (docs/wall.md "Comments").
 */
export function CommentItem({
  intentionId,
  comment,
  closed,
  isModerator,
  thanked,
  onRequest,
  onShowReactors,
}: CommentItemProps) {
  const t = useT()
  const language = useLanguage()
  const [editing, setEditing] = useState(false)
  const [support, setSupport] = useState<SupportBlock | null>(null)
  const createdAt = new Date(comment.created_at)
  const canEdit = (comment.isYou || isModerator) && !closed
  const deleteLabel = deleteLabelFor(comment, { closed, isModerator })

  function act(action: CommentMenuAction, opener: HTMLElement) {
    if (action === 'edit') {
      setSupport(null)
      setEditing(true)
    } else onRequest(action, comment, opener)
  }

  return (
    <Box
      component="li"
      sx={{ py: 1, listStyle: 'none' }}
      aria-label={t('Comment by', { name: comment.author_display_name })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="span" variant="subtitle2">
          <bdi>{comment.author_display_name}</bdi>
        </Typography>
        {comment.is_op && (
          <Typography component="span" variant="caption" color="textSecondary">
            {t('(OP)')}
          </Typography>
        )}
        {comment.isYou && (
          <Typography component="span" variant="caption" color="textSecondary">
            {t('(You)')}
          </Typography>
        )}
        <Typography
          component="time"
          variant="caption"
          color="textSecondary"
          dateTime={comment.created_at}
          title={createdAt.toLocaleString(language)}
        >
          {formatRelativeTime(createdAt, new Date(), language)}
        </Typography>
      </Stack>
      {comment.under_review && <UnderReviewNotice waiting={comment.waiting_for_review} />}
      {editing ? (
        <CommentEditor
          intentionId={intentionId}
          comment={comment}
          onCancel={() => setEditing(false)}
          onSaved={(answer) => {
            setEditing(false)
            setSupport(answer.support ?? null)
          }}
        />
      ) : (
        <Typography
          variant="body2"
          dir="auto"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {comment.content}
        </Typography>
      )}
      {support && <CommentSupportNotice support={support} />}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <CommentReactions
          intentionId={intentionId}
          comment={comment}
          closed={closed}
          onShowReactors={(kind, opener) => onShowReactors(comment, kind, opener)}
        />
        <CommentMenu
          authorName={comment.author_display_name}
          canEdit={canEdit && !editing}
          deleteLabel={deleteLabel}
          reported={comment.has_reported}
          onAction={act}
        />
      </Stack>
      {/* Mounted before the message so screen readers announce it when it appears. */}
      <Typography role="status" variant="body2" color="textSecondary">
        {thanked ? translateText(REPORT_MESSAGES.thanks) : ''}
      </Typography>
    </Box>
  )
}

function deleteLabelFor(
  comment: Comment,
  { closed, isModerator }: { closed: boolean; isModerator: boolean },
): MessageId | null {
  if (comment.isYou) return !closed || isModerator ? 'Delete' : null
  return isModerator ? 'Remove' : null
}
