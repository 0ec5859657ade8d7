import type { Intention } from '@contract/intentions'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useId } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { useT } from '@/i18n/use-t'
import { useDeleteIntention } from '../api/delete-intention'
import { deleteErrorMessage } from '../write-errors'

type DeleteIntentionDialogProps = {
  intention: Pick<Intention, 'intention_id' | 'title'>
  /** Spec 001 §6: "Remove" when a moderator acts on someone else's prayer. */
  mode: 'delete' | 'remove'
  open: boolean
  onClose: () => void
  onDone: () => void
}

// Spec 001 §2 "Delete prayer request dialog", errors from §8.
export function DeleteIntentionDialog({
  intention,
  mode,
  open,
  onClose,
  onDone,
}: DeleteIntentionDialogProps) {
  const t = useT()
  const titleId = useId()
  const remove = useDeleteIntention()
  const removing = mode === 'remove'
  const close = () => {
    if (remove.isPending) return
    remove.reset()
    onClose()
  }
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {removing ? t('Remove prayer request?') : t('Delete prayer request?')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {removing
            ? t('Prayer request will be removed', { title: intention.title })
            : t('Prayer request will be deleted', { title: intention.title })}
        </DialogContentText>
        <div aria-live="assertive">
          {remove.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {deleteErrorMessage(remove.error)}
            </Alert>
          ) : null}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          {t('Cancel')}
        </Button>
        <VerifiedSubmitButton
          type="button"
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(intention.intention_id, { onSuccess: () => onDone() })}
        >
          {remove.isPending
            ? t(removing ? 'Removing… (prayer request)' : 'Deleting… (prayer request)')
            : t(removing ? 'Remove' : 'Delete')}
        </VerifiedSubmitButton>
      </DialogActions>
    </Dialog>
  )
}
