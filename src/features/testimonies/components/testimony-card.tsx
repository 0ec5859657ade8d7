import VolunteerActivism from '@mui/icons-material/VolunteerActivism'
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined'
import { ANONYMOUS_AUTHOR_NAME } from '@contract/intentions'
import { TESTIMONY_LIMITS, type Testimony } from '@contract/testimonies'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { MemberAvatar } from '@/components/avatar/member-avatar'
import { PendingChip } from '@/components/pending-chip'
import { ShareButton } from '@/components/share-button'
import { UnderReviewNotice } from '@/components/under-review-notice'
import { VerifiedSubmitButton } from '@/components/verified-submit-button'
import { testimonyElementId } from '../hooks/use-testimony-highlight'

type TestimonyCardProps = {
  testimony: Testimony
  highlighted: boolean
  onAmen: (active: boolean) => void
  onOpenReactors: () => void
  onOpenPrayer: (intentionId: string) => void
  onShare: () => void
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** Spec 001 §2 "Testimonies screen" card. */
export function TestimonyCard({
  testimony,
  highlighted,
  onAmen,
  onOpenReactors,
  onOpenPrayer,
  onShare,
}: TestimonyCardProps) {
  const [expanded, setExpanded] = useState(false)
  const titleId = useId()
  const textId = useId()
  const long = testimony.text.length > TESTIMONY_LIMITS.cardTruncation
  const text =
    long && !expanded
      ? `${testimony.text.slice(0, TESTIMONY_LIMITS.cardTruncation).trimEnd()}…`
      : testimony.text
  const author = testimony.is_mine
    ? `${testimony.author_display_name} (You)`
    : testimony.author_display_name
  const amenLabel = testimony.said_amen ? 'Said Amen' : 'Say Amen'
  return (
    <Card
      id={testimonyElementId(testimony.testimony_id)}
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
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, pb: 0 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <MemberAvatar
              displayName={testimony.author_display_name}
              anonymous={testimony.author_display_name === ANONYMOUS_AUTHOR_NAME}
            />
            <div>
              <Typography
                id={titleId}
                variant="h6"
                component="h2"
                sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
              >
                {testimony.title}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {author}
                {' · '}
                <time dateTime={testimony.created_at}>
                  {dateFormat.format(new Date(testimony.created_at))}
                </time>
              </Typography>
            </div>
          </Stack>
          {testimony.under_review && <UnderReviewNotice waiting={testimony.waiting_for_review} />}
          <Typography id={textId} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
          {long && (
            <Link
              component="button"
              type="button"
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((open) => !open)}
              sx={{ alignSelf: 'flex-start', minHeight: 44, textAlign: 'start' }}
            >
              {expanded ? 'Show less' : 'Read more'}
            </Link>
          )}
          {testimony.category_tags.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {testimony.category_tags.map((tag) => (
                <Chip key={tag} label={tag} size="small" variant="outlined" />
              ))}
            </Stack>
          )}
          {testimony.intention_id !== null && (
            <Link
              component="button"
              type="button"
              onClick={() => testimony.intention_id && onOpenPrayer(testimony.intention_id)}
              sx={{ alignSelf: 'flex-start', minHeight: 44, textAlign: 'start' }}
            >
              From prayer{testimony.intention_title ? `: ${testimony.intention_title}` : ''}
            </Link>
          )}
        </Stack>
      </CardContent>
      {/* Issue 17: one row, each control at least 44×44 px; the count opens who said Amen. */}
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: { xs: 0.5, sm: 1 } }}>
        <VerifiedSubmitButton
          type="button"
          variant={testimony.said_amen ? 'contained' : 'outlined'}
          aria-pressed={testimony.said_amen}
          onClick={() => onAmen(!testimony.said_amen)}
          startIcon={
            testimony.said_amen ? (
              <VolunteerActivism aria-hidden fontSize="inherit" />
            ) : (
              <VolunteerActivismOutlined aria-hidden fontSize="inherit" />
            )
          }
          style={{ minHeight: 44, whiteSpace: 'nowrap' }}
        >
          {amenLabel}
        </VerifiedSubmitButton>
        <Button
          onClick={onOpenReactors}
          aria-label={`${testimony.amen_count} Amen: see who said Amen`}
          sx={{ minHeight: 44, minWidth: 44, m: 0 }}
        >
          {testimony.amen_count}
        </Button>
        <ShareButton onClick={onShare} />
        <PendingChip subject={`testimony:${testimony.testimony_id}`} />
      </CardActions>
    </Card>
  )
}
