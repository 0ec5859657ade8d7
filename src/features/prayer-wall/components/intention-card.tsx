import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ANONYMOUS_AUTHOR_NAME, type Intention } from '@contract/intentions'
import { type ReactNode, type Ref, useId, useState } from 'react'
import { TextLink } from '@/components/router-links'
import { UnderReviewNotice } from '@/components/under-review-notice'
import { formatFullDate, formatRelativeTime } from '../relative-time'
import type { ReactorTab } from '../wall-views'
import { InitialsAvatar } from './initials-avatar'
import { type IntentionActions, IntentionCardMenu } from './intention-card-menu'
import { IntentionCounts, IntentionResponses } from './intention-responses'
import { IntentionStatusChip } from './intention-status-chip'

export const CLOSED_COMMENTS_TEXT = 'Comments are disabled for closed prayers.'

export function intentionElementId(intentionId: string): string {
  return `intention-${intentionId}`
}

export type RenderComments = (
  intention: Intention,
  onCountChange: (delta: number) => void,
) => ReactNode

type IntentionCardProps = {
  intention: Intention
  isModerator: boolean
  highlighted?: boolean
  now: Date
  actions: IntentionActions
  onOpenReactors: (tab: ReactorTab) => void
  onCommentCountChange: (delta: number) => void
  renderComments?: RenderComments
  ref?: Ref<HTMLDivElement>
}

// Spec 001 §2: "Anonymous" for anonymous posts (the server already sends that name), "(You)"
// after the viewer's own name.
export function authorLine(
  intention: Pick<Intention, 'identity_mode' | 'author_display_name' | 'is_mine'>,
): string {
  const name =
    intention.identity_mode === 'anonymous' ? ANONYMOUS_AUTHOR_NAME : intention.author_display_name
  return intention.is_mine ? `${name} (You)` : name
}

export function IntentionCard({
  intention,
  isModerator,
  highlighted = false,
  now,
  actions,
  onOpenReactors,
  onCommentCountChange,
  renderComments,
  ref,
}: IntentionCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(false)
  const titleId = useId()
  const commentsId = useId()
  const closed = intention.status !== 'active'
  const created = new Date(intention.created_at)
  const author = authorLine(intention)
  return (
    <Card
      ref={ref}
      id={intentionElementId(intention.intention_id)}
      component="article"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-highlighted={highlighted || undefined}
      variant="outlined"
      sx={{
        transition: 'box-shadow 300ms',
        boxShadow: highlighted ? (theme) => `0 0 0 3px ${theme.palette.secondary.main}` : 'none',
      }}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <InitialsAvatar name={author} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                id={titleId}
                variant="h6"
                component="h2"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {intention.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {author}
                {' · '}
                <time dateTime={intention.created_at} title={formatFullDate(created)}>
                  {formatRelativeTime(created, now)}
                </time>
                {intention.group_name ? ` · ${intention.group_name}` : ''}
              </Typography>
            </Box>
            <IntentionStatusChip status={intention.status} />
            <IntentionCardMenu intention={intention} isModerator={isModerator} actions={actions} />
          </Stack>
          {intention.under_review && <UnderReviewNotice />}
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {intention.details}
          </Typography>
          {intention.scripture_ref && (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {intention.scripture_ref}
            </Typography>
          )}
          {intention.tags.length > 0 && (
            <Stack
              direction="row"
              spacing={1}
              component="ul"
              aria-label="Tags"
              sx={{ flexWrap: 'wrap', p: 0, m: 0, listStyle: 'none' }}
            >
              {intention.tags.map((tag) => (
                <li key={tag}>
                  <Chip label={tag} size="small" variant="outlined" />
                </li>
              ))}
            </Stack>
          )}
          {closed && intention.has_testimony && intention.testimony_id && (
            <TextLink to="/testimonies" search={{ highlight: intention.testimony_id }}>
              View Testimony
            </TextLink>
          )}
          <IntentionCounts intention={intention} onOpenReactors={onOpenReactors} />
          <IntentionResponses intention={intention} />
          {closed && <Typography color="text.secondary">{CLOSED_COMMENTS_TEXT}</Typography>}
          {renderComments && (
            <Box>
              <Button
                aria-expanded={commentsOpen}
                aria-controls={commentsId}
                onClick={() => setCommentsOpen((open) => !open)}
              >
                Comments ({intention.comments_count})
              </Button>
              <Collapse in={commentsOpen} id={commentsId} unmountOnExit>
                {renderComments(intention, onCommentCountChange)}
              </Collapse>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
