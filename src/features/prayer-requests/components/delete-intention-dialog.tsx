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
  const titleId = useId()
  const remove = useDeleteIntention()
  const verb = mode === 'remove' ? 'Remove' : 'Delete'
  const close = () => {
    if (remove.isPending) return
    remove.reset()
    onClose()
  }
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{verb} prayer request?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {mode === 'remove'
            ? `“${intention.title}” will be removed from the wall for everyone.`
            : `“${intention.title}” and its responses will be deleted. This cannot be undone.`}
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
          Cancel
        </Button>
        <VerifiedSubmitButton
          type="button"
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(intention.intention_id, { onSuccess: () => onDone() })}
        >
          {remove.isPending ? `${mode === 'remove' ? 'Removing' : 'Deleting'}…` : verb}
        </VerifiedSubmitButton>
      </DialogActions>
    </Dialog>
  )
}
