import {
  CLOSURE_NOTE_MAX,
  CLOSURE_REASONS,
  type ClosureReason,
  STATUS_MESSAGES,
  type StatusUpdateResponse,
} from '@contract/intention-status'
import type { Intention } from '@contract/intentions'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import { type FormEvent, useId, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { type MessageId, translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useUpdateIntentionStatus } from '../api/update-intention-status'
import { statusErrorMessage } from '../write-errors'

export const CLOSURE_REASON_LABELS: Record<ClosureReason, MessageId> = {
  situation_changed: 'The situation changed',
  came_to_peace: 'I have come to peace with it',
  other: 'Other (closure reason)',
}

type ReleaseInPeaceDialogProps = {
  intention: Pick<Intention, 'intention_id' | 'title'>
  open: boolean
  onClose: () => void
  onDone: (status: StatusUpdateResponse) => void
}

// Spec 001 §4, §5 "Release in peace": a reason is required; the note only for "other".
export function ReleaseInPeaceDialog({
  intention,
  open,
  onClose,
  onDone,
}: ReleaseInPeaceDialogProps) {
  const t = useT()
  const titleId = useId()
  const [reason, setReason] = useState<ClosureReason | null>(null)
  const [note, setNote] = useState('')
  const [attempted, setAttempted] = useState(false)
  const update = useUpdateIntentionStatus()

  const close = () => {
    if (update.isPending) return
    setReason(null)
    setNote('')
    setAttempted(false)
    update.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (!reason) return
    update.mutate(
      {
        intentionId: intention.intention_id,
        body: {
          status: 'released_in_peace',
          closure_reason: reason,
          closure_reason_note: reason === 'other' ? note.trim() || null : null,
        },
      },
      { onSuccess: (status) => onDone(status) },
    )
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{t('Release in peace')}</DialogTitle>
      <DialogContent>
        <FormControl required error={attempted && !reason}>
          <FormLabel id={`${titleId}-reason`}>
            {t('Why are you releasing', { title: intention.title })}
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-reason`}
            value={reason ?? ''}
            onChange={(event) => setReason(event.target.value as ClosureReason)}
          >
            {CLOSURE_REASONS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={t(CLOSURE_REASON_LABELS[value])}
              />
            ))}
          </RadioGroup>
          {attempted && !reason ? (
            <FormHelperText>{translateText(STATUS_MESSAGES.closureReasonRequired)}</FormHelperText>
          ) : null}
        </FormControl>
        {reason === 'other' ? (
          <TextField
            label={t('Note (optional) (closure)')}
            fullWidth
            sx={{ mt: 2 }}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            helperText={t('Characters remaining', { count: CLOSURE_NOTE_MAX - note.length })}
            slotProps={{ htmlInput: { maxLength: CLOSURE_NOTE_MAX } }}
          />
        ) : null}
        <div aria-live="assertive">
          {update.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {statusErrorMessage(update.error)}
            </Alert>
          ) : null}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={update.isPending}>
          {t('Cancel')}
        </Button>
        <VerifiedSubmitButton variant="contained" disabled={update.isPending}>
          {update.isPending ? t('Saving…') : t('Release in peace')}
        </VerifiedSubmitButton>
      </DialogActions>
    </Dialog>
  )
}
