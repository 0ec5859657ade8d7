import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { ANONYMOUS_AUTHOR_NAME, type Intention } from '@contract/intentions'
import { type ReactNode, type Ref, useId, useState } from 'react'
import { MemberAvatar } from '@/components/avatar/member-avatar'
import { ClampedText } from '@/components/clamped-text'
import { PrayerUpdatesTimeline } from '@/components/prayer-updates-timeline'
import { TextLink } from '@/components/router-links'
import { UnderReviewNotice } from '@/components/under-review-notice'
import { formatFullDate } from '@/lib/date-formats'
import { formatRelativeTime } from '../relative-time'
import type { ReactorTab } from '../wall-views'
import type { IntentionActions } from './intention-card-menu'
import { IntentionActionRow, IntentionCounts } from './intention-responses'
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
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1, sm: 1.5 } } }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <MemberAvatar
              displayName={intention.author_display_name}
              anonymous={intention.identity_mode === 'anonymous'}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                id={titleId}
                variant="h6"
                component="h2"
                sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
              >
                {intention.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {author}
                {' · '}
                <time
                  dateTime={intention.created_at}
                  // Only a pointer shows a title, so it is written when one arrives: the page's
                  // first Intl formatter cost ~50 ms of a throttled phone's first render.
                  onPointerEnter={(event) => {
                    event.currentTarget.title ||= formatFullDate(created)
                  }}
                >
                  {formatRelativeTime(created, now)}
                </time>
                {intention.group_name ? ` · ${intention.group_name}` : ''}
              </Typography>
            </Box>
            <IntentionStatusChip status={intention.status} />
          </Stack>
          {intention.under_review && <UnderReviewNotice />}
          {intention.details && <ClampedText text={intention.details} />}
          {intention.scripture_ref && (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {intention.scripture_ref}
            </Typography>
          )}
          {intention.tags.length > 0 && (
            <Stack
              direction="row"
              component="ul"
              aria-label="Tags"
              sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
            >
              {intention.tags.map((tag) => (
                <li key={tag}>
                  <Chip label={tag} size="small" variant="outlined" />
                </li>
              ))}
            </Stack>
          )}
          <PrayerUpdatesTimeline updates={intention.updates} />
          {closed && intention.has_testimony && intention.testimony_id && (
            <TextLink to="/testimonies" search={{ highlight: intention.testimony_id }}>
              View Testimony
            </TextLink>
          )}
          <IntentionCounts intention={intention} onOpenReactors={onOpenReactors} />
          <IntentionActionRow
            intention={intention}
            isModerator={isModerator}
            actions={actions}
            comments={
              renderComments && {
                open: commentsOpen,
                controls: commentsId,
                onToggle: () => setCommentsOpen((open) => !open),
              }
            }
          />
          {closed && <Typography color="text.secondary">{CLOSED_COMMENTS_TEXT}</Typography>}
          {renderComments && (
            <Collapse
              in={commentsOpen}
              id={commentsId}
              unmountOnExit
              // The collapse is a flex box: without this the comment form's own minimum width
              // would push a 320 px screen sideways.
              sx={{ '& .MuiCollapse-wrapperInner': { minWidth: 0 } }}
            >
              {renderComments(intention, onCommentCountChange)}
            </Collapse>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
