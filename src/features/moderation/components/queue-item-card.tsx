import type { QueueItem } from '@contract/moderation'
import Alert from '@mui/material/Alert'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId } from 'react'
import { TextLink } from '@/components/text-link'
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
  const headingId = useId()
  const { target, authorHistory } = item
  const kind = TARGET_LABELS[target.type]
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
            {item.urgent && <Chip label="Urgent" color="error" size="small" />}
            <Chip label={kind} size="small" variant="outlined" />
            {target.heldAt && !target.removedAt && (
              <Chip
                label={item.waitingForReview ? WAITING_FOR_REVIEW : 'Hidden until reviewed'}
                size="small"
                variant="outlined"
              />
            )}
            {target.removedAt && <Chip label="Removed" size="small" />}
          </Stack>
          <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {target.title ?? `${kind} by ${target.author.displayName}`}
          </Typography>
          {item.urgent && (
            <Typography color="error">
              This post may come from someone in crisis. They were shown the support resources;
              consider reaching out kindly.
            </Typography>
          )}
          <Typography
            component="blockquote"
            sx={{
              m: 0,
              pl: 2,
              borderLeft: 3,
              borderColor: 'divider',
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
            }}
          >
            {target.text}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {target.type === 'room' ? 'Created' : 'Posted'} by {target.author.displayName} on{' '}
            {formatDateTime(target.createdAt)}
          </Typography>
          <ContextLink target={target} />
          {item.waitingForReview && (
            <Typography variant="body2">{WAITING_REASONS[item.waitingForReview]}</Typography>
          )}
          <Typography variant="body2" color="textSecondary">
            Author&apos;s history: {authorHistory.itemsLast30Days} posts in the last 30 days,{' '}
            {authorHistory.removalsTotal} removed by moderators
            {authorHistory.suspendedUntil
              ? `, suspended until ${formatDate(authorHistory.suspendedUntil)}`
              : ''}
            .
          </Typography>
          {target.removedAt && (
            <Alert severity="info">
              Removed on {formatDateTime(target.removedAt)}
              {target.removalReason ? `: ${target.removalReason}` : '.'}
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
  if (target.removedAt) return null
  if (target.type === 'room') {
    return (
      <TextLink to="/rooms/$roomId" params={{ roomId: target.id }} variant="body2">
        Open the room
      </TextLink>
    )
  }
  if (target.heldAt) return null
  if (target.type === 'testimony') {
    return (
      <TextLink to="/testimonies" search={{ highlight: target.id }} variant="body2">
        Open in Testimonies
      </TextLink>
    )
  }
  if (!target.intentionId) return null
  return (
    <TextLink to="/prayerwall" search={{ highlight: target.intentionId }} variant="body2">
      Open on the Prayer Wall
    </TextLink>
  )
}
