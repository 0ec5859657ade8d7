import type { IntentionStatus } from '@contract/intention-status'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { TextLink } from '@/components/text-link'
import { type MessageId, translateText } from '@/i18n/i18n'
import { useLanguage, useT } from '@/i18n/use-t'
import { ApiError } from '@/lib/api-client'
import { usePrayerDetails } from '../api/get-prayer-details'

const STATUS_LABELS: Record<IntentionStatus, MessageId> = {
  active: 'Active (prayer status)',
  answered: 'Answered (prayer status)',
  released_in_peace: 'Released in Peace (prayer status)',
}

// The problem body carries no reason phrase; these are the ones the server can answer with.
const STATUS_TEXTS: Record<number, MessageId> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

type PrayerDetailsDialogProps = { intentionId: string | null; onClose: () => void }

/** Spec 001 §2 "Prayer Details dialog", opened from a testimony's "From prayer" link. */
export function PrayerDetailsDialog({ intentionId, onClose }: PrayerDetailsDialogProps) {
  const t = useT()
  const titleId = useId()
  return (
    <Dialog
      open={intentionId !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('Prayer Details')}</DialogTitle>
      <DialogContent>{intentionId && <PrayerDetails intentionId={intentionId} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

function PrayerDetails({ intentionId }: { intentionId: string }) {
  const t = useT()
  const language = useLanguage()
  const prayer = usePrayerDetails(intentionId)
  if (prayer.isPending) {
    return (
      <Stack role="status" sx={{ py: 2, alignItems: 'center' }}>
        <CircularProgress size={24} aria-label={t('Loading')} />
      </Stack>
    )
  }
  if (prayer.isError) {
    const error = prayer.error
    const statusText = error instanceof ApiError ? STATUS_TEXTS[error.status] : undefined
    const reason =
      error instanceof ApiError
        ? `${error.status} ${statusText ? t(statusText) : ''}`.trim()
        : t('Network error occurred (testimonies)')
    return (
      <Stack role="alert" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography color="error">{t('Failed to load prayer details', { reason })}</Typography>
        {error instanceof ApiError && error.detail && (
          <Typography variant="body2">{translateText(error.detail)}</Typography>
        )}
        <Button variant="outlined" onClick={() => void prayer.refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    )
  }
  const intention = prayer.data
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h3" dir="auto">
        {intention.title}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip size="small" label={t(STATUS_LABELS[intention.status])} />
        <Typography
          variant="body2"
          color="textSecondary"
          component="time"
          dateTime={intention.created_at}
        >
          {new Date(intention.created_at).toLocaleDateString(language)}
        </Typography>
      </Stack>
      <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {intention.details}
      </Typography>
      {intention.scripture_ref && (
        <Typography variant="body2" dir="auto" sx={{ fontStyle: 'italic' }}>
          {intention.scripture_ref}
        </Typography>
      )}
      <TextLink
        to="/prayerwall"
        search={{ highlight: intention.intention_id }}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('View on Prayer Wall')}
      </TextLink>
    </Stack>
  )
}
