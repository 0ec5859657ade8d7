import type { Comment } from '@contract/comments'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useT } from '@/i18n/use-t'
import { useComments } from '../api/get-comments'
import { COMMENT_TEXT } from '../comment-messages'
import { CommentItem, type CommentItemProps } from './comment-item'

/** Spec 001 §2: loading, load failure, empty, the comments oldest first, and "Load more". */
export function CommentThread({
  intentionId,
  thankedId,
  ...itemProps
}: Omit<CommentItemProps, 'comment' | 'thanked'> & { thankedId: string | null }) {
  const t = useT()
  const thread = useComments(intentionId)

  if (thread.isPending) {
    return (
      <Typography role="status" color="textSecondary">
        {t(COMMENT_TEXT.loading)}
      </Typography>
    )
  }
  if (thread.isError && !thread.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void thread.refetch()}>
            {t('Try again')}
          </Button>
        }
      >
        {t(COMMENT_TEXT.loadFailed)}
      </Alert>
    )
  }

  const comments: Comment[] = thread.data.pages.flatMap((page) => page.items)
  return (
    <Box>
      {comments.length === 0 ? (
        <Typography color="textSecondary">{t(COMMENT_TEXT.empty)}</Typography>
      ) : (
        <Box component="ol" aria-label={t('Comments (list)')} sx={{ m: 0, p: 0 }}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.comment_id}
              intentionId={intentionId}
              comment={comment}
              thanked={thankedId === comment.comment_id}
              {...itemProps}
            />
          ))}
        </Box>
      )}
      {thread.isFetchNextPageError && <Alert severity="error">{t(COMMENT_TEXT.loadFailed)}</Alert>}
      {thread.hasNextPage && (
        <Button
          size="small"
          onClick={() => void thread.fetchNextPage()}
          disabled={thread.isFetchingNextPage}
        >
          {t(COMMENT_TEXT.loadMore)}
        </Button>
      )}
    </Box>
  )
}
