import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId, useState } from 'react'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useDeleteComment } from '../api/delete-comment'
import { deleteErrorMessage } from '../comment-messages'

export type DeleteMode = 'delete' | 'remove'

const wording = {
  delete: {
    title: 'Delete comment',
    text: 'Delete this comment? This cannot be undone.',
    confirm: 'Delete',
    pending: 'Deleting…',
  },
  remove: {
    title: 'Remove comment',
    text: 'Remove this comment from the thread for everyone? It is kept for the moderation record.',
    confirm: 'Remove',
    pending: 'Removing…',
  },
} as const satisfies Record<DeleteMode, Record<string, MessageId>>

/** Spec 001 §2 "Delete comment dialog" and §8 "Comment delete" errors. */
export function DeleteCommentDialog({
  intentionId,
  commentId,
  mode,
  open,
  onClose,
  onDeleted,
}: {
  intentionId: string
  commentId: string | null
  mode: DeleteMode
  open: boolean
  onClose: () => void
  onDeleted: () => void
}) {
  const t = useT()
  const remove = useDeleteComment(intentionId)
  const [failure, setFailure] = useState<string | null>(null)
  const titleId = useId()
  const textId = useId()
  const words = wording[mode]

  function close() {
    if (remove.isPending) return
    setFailure(null)
    onClose()
  }

  function confirm() {
    setFailure(null)
    remove.mutate(commentId ?? '', {
      onSuccess: () => {
        setFailure(null)
        onDeleted()
      },
      onError: (error) => setFailure(deleteErrorMessage(error)),
    })
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t(words.title)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t(words.text)}</DialogContentText>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          {t('Cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? t(words.pending) : t(words.confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
