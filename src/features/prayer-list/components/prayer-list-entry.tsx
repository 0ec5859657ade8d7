import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { dayIn, type PrayerListEntry as Entry } from '@contract/prayer-list'
import { PrayerUpdatesTimeline } from '@/components/prayer-updates-timeline'
import { useId } from 'react'
import { useT } from '@/i18n/use-t'

/** Why a request left the list, until the member dismisses the note. */
function ClosedNote({ entry, onDismiss }: { entry: Entry; onDismiss: () => void }) {
  const t = useT()
  const { intention } = entry
  const answered = intention.status === 'answered'
  return (
    <Alert
      severity={answered ? 'success' : 'info'}
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          {t('Dismiss')}
        </Button>
      }
    >
      <strong>
        <bdi>{intention.title}</bdi>
      </strong>
      <br />
      {answered ? t('Answered (prayer list)') : t('Released in peace')}
      {answered && intention.testimony_id && (
        <>
          {' — '}
          <Link href={`/testimonies?highlight=${encodeURIComponent(intention.testimony_id)}`}>
            {t('read the testimony')}
          </Link>
        </>
      )}
    </Alert>
  )
}

/** One request of My Prayer List with its one-tap "I prayed". */
export function PrayerListEntry({
  entry,
  timeZone,
  now,
  dateTime,
  onPray,
  onDismiss,
}: {
  entry: Entry
  timeZone: string
  now: Date
  /** Dates and times in the member's language. */
  dateTime: Intl.DateTimeFormat
  onPray: () => void
  onDismiss: () => void
}) {
  const t = useT()
  const titleId = useId()
  const { intention } = entry
  if (intention.status !== 'active') return <ClosedNote entry={entry} onDismiss={onDismiss} />
  const last = entry.last_prayed_at ? new Date(entry.last_prayed_at) : null
  const prayedToday = last !== null && dayIn(timeZone, last) === dayIn(timeZone, now)
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined">
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h2" dir="auto">
          {intention.title}
        </Typography>
        <Typography variant="body2" color="textSecondary" dir="auto" sx={{ mb: 1 }}>
          {intention.details}
        </Typography>
        <Box sx={{ mb: 1 }}>
          <PrayerUpdatesTimeline updates={intention.updates} />
        </Box>
        <Typography variant="caption" color="textSecondary">
          {last
            ? t('Last prayed (prayer list)', { date: dateTime.format(last) })
            : t('Not prayed for yet')}
        </Typography>
      </CardContent>
      <CardActions>
        <Button
          variant={prayedToday ? 'outlined' : 'contained'}
          disabled={prayedToday}
          onClick={onPray}
        >
          {prayedToday ? t('Prayed today') : t('I prayed (prayer list)')}
        </Button>
        <Button color="inherit" onClick={onDismiss}>
          {t('Remove (prayer list)')}
        </Button>
      </CardActions>
    </Card>
  )
}
