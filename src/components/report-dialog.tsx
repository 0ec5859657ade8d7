import { CONTENT_POLICY_MESSAGE } from '@contract/content-policy'
import {
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  type ReportBody,
  type ReportCategory,
} from '@contract/reports'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useId, useState } from 'react'
import { ApiError, NetworkError } from '@/lib/api-client'
import { VerifiedSubmitButton } from './verified-submit-button'
import { translateText } from '@/i18n/i18n'
import { useT } from '@/i18n/use-t'

type ReportDialogProps = {
  open: boolean
  onClose: () => void
  /** Sends the report; resolves on success (the caller then closes and thanks), throws on failure. */
  onSubmit: (body: ReportBody) => Promise<void>
}

function failureMessage(error: unknown, t: ReturnType<typeof useT>): string {
  if (error instanceof NetworkError) return t('Network error. Please try again.')
  if (error instanceof ApiError) {
    if (error.status === 422) return translateText(CONTENT_POLICY_MESSAGE)
    if (error.detail) return translateText(error.detail)
  }
  return t('Could not submit report. Please try again.')
}

// Spec 001 §2 "Report dialog", §5 and §8, for intentions and comments alike. MUI's Dialog traps
// focus and returns it to the opener on close.
export function ReportDialog({ open, onClose, onSubmit }: ReportDialogProps) {
  const t = useT()
  const titleId = useId()
  const [category, setCategory] = useState<ReportCategory | null>(null)
  const [note, setNote] = useState('')
  const [attempted, setAttempted] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const trimmed = note.trim()
  const categoryError = category === null ? REPORT_MESSAGES.categoryRequired : undefined
  const noteError =
    trimmed.length > REPORT_LIMITS.noteMax
      ? REPORT_MESSAGES.noteTooLong
      : category === 'other' && trimmed === ''
        ? REPORT_MESSAGES.noteRequired
        : undefined

  const reset = () => {
    setCategory(null)
    setNote('')
    setAttempted(false)
    setFailure(null)
  }

  const close = () => {
    if (submitting) return
    reset()
    onClose()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    if (categoryError || noteError || category === null) return
    setSubmitting(true)
    setFailure(null)
    try {
      await onSubmit({ category, note: category === 'other' || trimmed ? trimmed || null : null })
      reset()
    } catch (error) {
      setFailure(failureMessage(error, t))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{t('Report this content')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t("Please tell us what's wrong so we can review it quickly.")}
        </DialogContentText>
        <FormControl error={attempted && Boolean(categoryError)} required>
          <FormLabel id={`${titleId}-category`}>{t('Category')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-category`}
            value={category ?? ''}
            onChange={(event) => setCategory(event.target.value as ReportCategory)}
          >
            {REPORT_CATEGORIES.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={translateText(REPORT_CATEGORY_LABELS[value])}
              />
            ))}
          </RadioGroup>
          {attempted && categoryError ? (
            <FormHelperText>{translateText(categoryError)}</FormHelperText>
          ) : null}
        </FormControl>
        {category === 'other' ? (
          <TextField
            label={t('Note')}
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={Boolean(noteError) && (attempted || trimmed.length > REPORT_LIMITS.noteMax)}
            helperText={
              (attempted || trimmed.length > REPORT_LIMITS.noteMax
                ? noteError && translateText(noteError)
                : undefined) ??
              t('Characters remaining', { count: REPORT_LIMITS.noteMax - trimmed.length })
            }
          />
        ) : null}
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          {t('Your report is anonymous. The author will not know you reported this.')}
        </Typography>
        <div aria-live="assertive">
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={submitting}>
          {t('Cancel')}
        </Button>
        <VerifiedSubmitButton variant="contained" color="error" disabled={submitting}>
          {t(submitting ? 'Submitting…' : 'Submit')}
        </VerifiedSubmitButton>
      </DialogActions>
    </Dialog>
  )
}
