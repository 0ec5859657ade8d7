import {
  MODERATION_LIMITS,
  type ModerationTargetType,
  RemoveBodySchema,
  type RemoveBody,
} from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { type FormEvent, useId, useState } from 'react'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useActionSubmit } from '../hooks/use-action-submit'

type RemoveDialogProps = {
  open: boolean
  type: ModerationTargetType
  onClose: () => void
  /** Resolves when the server removed it; throws with the refusal otherwise. */
  onRemove: (body: RemoveBody) => Promise<void>
}

// The reason is required: the author is told it (issue 8). Rendered even while closed so a
// reason typed and then cancelled is still there when the moderator comes back.
export function RemoveDialog({ open, type, onClose, onRemove }: RemoveDialogProps) {
  const t = useT()
  const titleId = useId()
  const [reason, setReason] = useState('')
  const { attempted, sending, failure, run } = useActionSubmit()
  const parsed = RemoveBodySchema.safeParse({ reason })
  const reasonError = parsed.success ? undefined : parsed.error.issues[0]?.message

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await run(parsed.success ? () => onRemove(parsed.data) : null)) setReason('')
  }

  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{t('Remove this item? (dialog title)', { type })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('It leaves every feed for everyone. Its author is notified with your reason.')}
        </DialogContentText>
        <TextField
          label={t('Reason (shown to the author)')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          disabled={sending}
          error={attempted && reasonError !== undefined}
          helperText={
            attempted && reasonError
              ? translateText(reasonError)
              : `${reason.trim().length}/${MODERATION_LIMITS.reasonMax}`
          }
        />
        {failure && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={sending}>
          {sending ? t('Removing…') : t('Remove')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
