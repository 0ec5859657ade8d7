import { MODERATION_LIMITS, SuspensionBodySchema } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useId, useState } from 'react'
import type * as z from 'zod/mini'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useActionSubmit } from '../hooks/use-action-submit'

export type Suspension = z.output<typeof SuspensionBodySchema>

type SuspendDialogProps = {
  open: boolean
  authorName: string
  onClose: () => void
  onSuspend: (body: Suspension) => Promise<void>
}

const DEFAULT_DAYS = '7'

// Suspended members read but cannot write until the period ends (issue 8). Kept mounted while
// closed, like the remove dialog, so what was typed survives a cancel.
export function SuspendDialog({ open, authorName, onClose, onSuspend }: SuspendDialogProps) {
  const t = useT()
  const titleId = useId()
  const [days, setDays] = useState(DEFAULT_DAYS)
  const [reason, setReason] = useState('')
  const { attempted, sending, failure, run } = useActionSubmit()
  const parsed = SuspensionBodySchema.safeParse({
    days: days.trim() === '' ? undefined : days,
    reason,
  })
  const fieldError = (field: 'days' | 'reason') => {
    if (!attempted || parsed.success) return undefined
    const message = parsed.error.issues.find((issue) => issue.path[0] === field)?.message
    return message === undefined ? undefined : translateText(message)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (await run(parsed.success ? () => onSuspend(parsed.data) : null)) {
      setDays(DEFAULT_DAYS)
      setReason('')
    }
  }

  const daysError = fieldError('days')
  const reasonError = fieldError('reason')
  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>
        {t('Suspend an author? (dialog title)', { name: authorName })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('They can still read, but cannot post, comment or react until the suspension ends.')}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            label={t('Days (suspension)')}
            type="number"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            required
            disabled={sending}
            slotProps={{ htmlInput: { min: 1, max: MODERATION_LIMITS.suspensionDaysMax, step: 1 } }}
            error={daysError !== undefined}
            helperText={
              daysError ?? t('1 to {max} days', { max: MODERATION_LIMITS.suspensionDaysMax })
            }
            sx={{ maxWidth: 200 }}
          />
          <TextField
            label={t('Reason (suspension)')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            multiline
            minRows={2}
            fullWidth
            disabled={sending}
            error={reasonError !== undefined}
            helperText={reasonError ?? `${reason.trim().length}/${MODERATION_LIMITS.reasonMax}`}
          />
        </Stack>
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
          {sending ? t('Suspending…') : t('Suspend')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
