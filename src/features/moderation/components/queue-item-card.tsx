import type { QueueItem } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { TextLink } from '@/components/text-link'
import { useLanguage, useT } from '@/i18n/use-t'
import {
  TARGET_LABELS,
  WAITING_FOR_REVIEW,
  WAITING_REASONS,
  formatDate,
  formatDateTime,
} from '../moderation-text'
import { QueueItemActions } from './queue-item-actions'
import { QueueItemReports } from './queue-item-reports'

type QueueItemCardProps = {
  item: QueueItem
  /** Called after the server took an action, with a sentence for the page's status line. */
  onActed: (message: string) => void
}

// One reported or flagged item: what was posted, by whom, what reporters said, and the actions.
export function QueueItemCard({ item, onActed }: QueueItemCardProps) {
  const t = useT()
  const language = useLanguage()
  const headingId = useId()
  const { target, authorHistory } = item
  const name = target.author.displayName
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={item.urgent ? { borderColor: 'error.main', borderWidth: 2 } : undefined}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {item.urgent && <Chip label={t('Urgent')} color="error" size="small" />}
            <Chip label={t(TARGET_LABELS[target.type])} size="small" variant="outlined" />
            {target.heldAt && !target.removedAt && (
              <Chip
                label={item.waitingForReview ? t(WAITING_FOR_REVIEW) : t('Hidden until reviewed')}
                size="small"
                variant="outlined"
              />
            )}
            {target.removedAt && <Chip label={t('Removed (moderated item)')} size="small" />}
          </Stack>
          {/* The member's own words (a title, the text): their own direction (issue 42). */}
          <Typography
            id={headingId}
            variant="h6"
            component="h2"
            dir="auto"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {target.title ?? t('An item by its author (heading)', { type: target.type, name })}
          </Typography>
          {item.urgent && (
            <Typography color="error">
              {t(
                'This post may come from someone in crisis. They were shown the support resources; consider reaching out kindly.',
              )}
            </Typography>
          )}
          <Typography
            component="blockquote"
            dir="auto"
            sx={{
              m: 0,
              paddingInlineStart: 2,
              borderInlineStart: '3px solid',
              borderColor: 'divider',
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
            }}
          >
            {target.text}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('Posted by an author on a date', {
              type: target.type,
              name,
              date: formatDateTime(target.createdAt, language),
            })}
          </Typography>
          <ContextLink target={target} />
          {item.waitingForReview && (
            <Typography variant="body2">{t(WAITING_REASONS[item.waitingForReview])}</Typography>
          )}
          <Typography variant="body2" color="textSecondary">
            {authorHistory.suspendedUntil
              ? t('Author’s history, suspended', {
                  posts: authorHistory.itemsLast30Days,
                  removals: authorHistory.removalsTotal,
                  date: formatDate(authorHistory.suspendedUntil, language),
                })
              : t('Author’s history', {
                  posts: authorHistory.itemsLast30Days,
                  removals: authorHistory.removalsTotal,
                })}
          </Typography>
          {target.removedAt && (
            <Alert severity="info">
              {target.removalReason
                ? t('Removed on a date, with the reason', {
                    date: formatDateTime(target.removedAt, language),
                    reason: target.removalReason,
                  })
                : t('Removed on a date', { date: formatDateTime(target.removedAt, language) })}
            </Alert>
          )}
          <QueueItemReports item={item} />
          <QueueItemActions item={item} onActed={onActed} />
        </Stack>
      </CardContent>
    </Card>
  )
}

// Where the item lives, while members can see it there (held and removed items are in no feed;
// a held room still opens for moderators).
function ContextLink({ target }: { target: QueueItem['target'] }) {
  const t = useT()
  if (target.removedAt) return null
  if (target.type === 'room') {
    return (
      <TextLink to="/rooms/$roomId" params={{ roomId: target.id }} variant="body2">
        {t('Open the room')}
      </TextLink>
    )
  }
  if (target.heldAt) return null
  if (target.type === 'testimony') {
    return (
      <TextLink to="/testimonies" search={{ highlight: target.id }} variant="body2">
        {t('Open in Testimonies')}
      </TextLink>
    )
  }
  if (!target.intentionId) return null
  return (
    <TextLink to="/prayerwall" search={{ highlight: target.intentionId }} variant="body2">
      {t('Open on the Prayer Wall')}
    </TextLink>
  )
}
