import type { StatusUpdateResponse } from '@contract/intention-status'
import type { Intention } from '@contract/intentions'
import { TESTIMONY_LIMITS } from '@contract/testimonies'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useId, useState } from 'react'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import type { MessageId } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'
import { useUpdateIntentionStatus } from '../api/update-intention-status'
import { statusErrorMessage } from '../write-errors'
import { communityPage } from '@/lib/community-page'

export const TESTIMONY_HINT =
  'To share a testimony too, give it a title and at least 70 characters of story. Otherwise the prayer is only marked answered.' satisfies MessageId

type MarkAnsweredDialogProps = {
  intention: Pick<Intention, 'intention_id' | 'title'>
  open: boolean
  onClose: () => void
  onDone: (status: StatusUpdateResponse) => void
}

// Spec 001 §4: the testimony is saved only when both its title and a story of 70+ characters
// are present; otherwise the dialog only marks the prayer answered, and says so beforehand.
export function MarkAnsweredDialog({ intention, open, onClose, onDone }: MarkAnsweredDialogProps) {
  const t = useT()
  const titleId = useId()
  const [title, setTitle] = useState('')
  const [text, setText] = useState('')
  const [anonymous, setAnonymous] = useState(false)
  const update = useUpdateIntentionStatus()
  const withTestimony = title.trim() !== '' && text.trim().length >= TESTIMONY_LIMITS.textMin

  const close = () => {
    if (update.isPending) return
    setTitle('')
    setText('')
    setAnonymous(false)
    update.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const testimony = withTestimony
      ? {
          testimony_title: title.trim(),
          testimony_text: text.trim(),
          testimony_visibility: anonymous ? ('anonymous' as const) : ('public' as const),
        }
      : {}
    update.mutate(
      { intentionId: intention.intention_id, body: { status: 'answered', ...testimony } },
      { onSuccess: (status) => onDone(status) },
    )
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{t('Mark as answered')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t('Prayer will be marked answered', { title: intention.title })}
          </DialogContentText>
          <TextField
            label={t('Testimony title (optional)')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            helperText={t('Characters remaining', {
              count: TESTIMONY_LIMITS.titleMax - title.length,
            })}
            slotProps={{ htmlInput: { maxLength: TESTIMONY_LIMITS.titleMax } }}
          />
          <TextField
            label={t('Your testimony (optional)')}
            multiline
            minRows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            helperText={t('Characters remaining', {
              count: TESTIMONY_LIMITS.textMax - text.length,
            })}
            slotProps={{ htmlInput: { maxLength: TESTIMONY_LIMITS.textMax } }}
          />
          {communityPage.anonymous_posting ? (
            <FormControlLabel
              control={
                <Checkbox
                  checked={anonymous}
                  onChange={(event) => setAnonymous(event.target.checked)}
                />
              }
              label={t('Share the testimony anonymously')}
            />
          ) : null}
          {withTestimony ? null : <Alert severity="info">{t(TESTIMONY_HINT)}</Alert>}
          <div aria-live="assertive">
            {update.isError ? (
              <Alert severity="error">{statusErrorMessage(update.error)}</Alert>
            ) : null}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={update.isPending}>
          {t('Cancel')}
        </Button>
        <VerifiedSubmitButton variant="contained" disabled={update.isPending}>
          {update.isPending
            ? t('Saving…')
            : withTestimony
              ? t('Mark answered and share')
              : t('Mark answered')}
        </VerifiedSubmitButton>
      </DialogActions>
    </Dialog>
  )
}
